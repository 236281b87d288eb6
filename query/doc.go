// Package query answers grundy's verbs as data: the logic the CLI and the
// web explorer share. Each function takes a parsed position, a context and
// limits, and returns a result whose JSON form is the contract of SPEC
// section 3; faces only parse, call and render.
package query
