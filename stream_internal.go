package smile

import (
	"github.com/go-smile/smile/internal/seam"
	"github.com/go-smile/smile/stream"
)

// export holds the methods of stream.Reader and stream.Writer that only
// this module's packages reach: the decoder's and encoder's fast paths
// (keys read against a prepared one, whole fields and arrays written in
// one call, a method's one value). Its methods are inlined wrappers, as
// cheap as the Reader's and Writer's own methods (stream/export.go).
var export = stream.Internal.Export(&seam.AllowInternalUse)
