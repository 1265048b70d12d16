package unleashdb

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// querier runs a query: the pool for the Store methods and token lookups,
// the read-only transaction for Read and Snapshot.
type querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

// eachRow runs query on q within the deadline of one call and calls scan
// for each row. An error names op; an error scan builds with errorf or
// wrap passes as it is.
func (db *DB) eachRow(ctx context.Context, q querier, op, query string, args []any, scan func(pgx.Rows) error) error {
	ctx, cancel := db.bound(ctx)
	defer cancel()
	rows, err := q.Query(ctx, db.adapt(query), args...)
	if err != nil {
		return wrap(op, err)
	}
	defer rows.Close()
	for rows.Next() {
		if err := scan(rows); err != nil {
			if _, ok := err.(*opError); ok {
				return err
			}
			return wrap(op, err)
		}
	}
	if err := rows.Err(); err != nil {
		return wrap(op, err)
	}
	return nil
}

// collect returns the rows of query, each read by scan.
// The call has the deadline of one database call.
func collect[T any](ctx context.Context, db *DB, op, query string, args []any, scan func(pgx.Rows) (T, error)) ([]T, error) {
	return collectIn(ctx, db, db.pool, op, query, args, scan)
}

// collectIn is collect with q, such as a transaction.
func collectIn[T any](ctx context.Context, db *DB, q querier, op, query string, args []any, scan func(pgx.Rows) (T, error)) ([]T, error) {
	var out []T
	err := db.eachRow(ctx, q, op, query, args, func(r pgx.Rows) error {
		v, err := scan(r)
		if err != nil {
			return err
		}
		out = append(out, v)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// columns returns a scan function that reads the columns of a row, in
// order, into the fields of a T that fields points at.
func columns[T any](fields func(*T) []any) func(pgx.Rows) (T, error) {
	return func(r pgx.Rows) (T, error) {
		var v T
		err := r.Scan(fields(&v)...)
		return v, err
	}
}

func scanString(r pgx.Rows) (string, error) {
	var s string
	err := r.Scan(&s)
	return s, err
}
