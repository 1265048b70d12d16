//go:build !unix

package readfile

// openFlags add nothing where there is no O_NONBLOCK.
const openFlags = 0
