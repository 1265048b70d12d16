//go:build unix

package readfile

import "syscall"

// openFlags open a file without waiting for a writer, should a FIFO take
// the place of the regular file between the check and the open.
const openFlags = syscall.O_NONBLOCK
