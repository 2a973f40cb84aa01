// Package seam guards what package stream exports to the other packages
// of this module only.
//
// stream's Internal.Export returns the methods the root package's fast
// paths need (reading a key against a prepared one, writing a whole
// field, a whole []float64, one value under a method's control...), which
// are not part of stream's public API. Export asks for a pointer to
// AllowInternalUse, which only packages inside this module can name, so
// the public API stays the one stream's users need. The methods are
// wrappers of zero size that the compiler inlines: the seam costs nothing
// on the hot paths (see stream/export.go).
package seam

// NotForPublicUse is the type of the one value, AllowInternalUse, that
// stream's Internal.Export accepts.
type NotForPublicUse struct{ _ [0]func() }

// AllowInternalUse is the key to stream's Internal.Export: only packages
// of this module can import package seam and take its address.
var AllowInternalUse NotForPublicUse
