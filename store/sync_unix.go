//go:build unix

package store

import "os"

// syncDir makes the renames inside dir durable (fsync of the directory).
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	err = d.Sync()
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	return err
}
