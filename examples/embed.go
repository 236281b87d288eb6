// Package examples holds the example rule scripts (examples/*.star,
// docs/scripts.md) as files the programs can read: the web explorer's rule
// editor offers them in its menu.
package examples

import "embed"

// Scripts holds every examples/*.star file, at the root of the FS.
//
//go:embed *.star
var Scripts embed.FS
