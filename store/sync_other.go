//go:build !unix

package store

// syncDir does nothing where a directory cannot be synced (windows makes a
// rename durable with the file's own flush).
func syncDir(string) error { return nil }
