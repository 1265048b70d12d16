package cli

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/flagadmin/flagadmin/internal/readfile"
)

// maxTokenFile bounds the size of a token file.
const maxTokenFile = 64 << 10

// readTokenFile reads the token in the file path that the flag name
// names: one line of at most maxTokenFile bytes, white space around it
// dropped. No error holds the token.
func readTokenFile(ctx context.Context, name, path string) (string, error) {
	b, err := readfile.File(ctx, path, maxTokenFile)
	var tl *readfile.TooLargeError
	if errors.As(err, &tl) {
		return "", fmt.Errorf("%s: %s is larger than %d bytes: not a token", name, path, maxTokenFile)
	}
	if err != nil {
		return "", fmt.Errorf("%s: %w", name, err)
	}
	t := strings.TrimSpace(string(b))
	if t == "" {
		return "", fmt.Errorf("%s: %s is empty", name, path)
	}
	if strings.ContainsAny(t, "\r\n") {
		return "", fmt.Errorf("%s: %s holds more than one line", name, path)
	}
	return t, nil
}
