// Package query answers grundy's verbs as data: the logic the CLI and the
// web explorer share. Each function takes a parsed position, a context and
// limits, and returns a result whose JSON form is the contract of
// docs/reference.md ("JSON keys"); faces only parse, call and render.
// query is the faces' only door to the catalog, the engines and the
// scripts (door.go); TestDependencies holds it.
package query
