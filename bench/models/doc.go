// Package models holds typed Go models for the benchmark data sets in
// ../testdata: twitter, citm_catalog, canada, code, small and medium.
//
// The models use only `json:"..."` struct tags, which every codec in the
// benchmark reads (go-smile and fxamacker/cbor fall back to json tags,
// msgpack is told to use them). Pointers are used only where the data has
// null; omitempty only where the data sometimes lacks a member, and then only
// on types whose zero value never occurs in the data (or on pointers).
// TestModelsKeepEveryField in the parent package proves that decoding a
// document into its model and encoding it again loses no member.
package models
