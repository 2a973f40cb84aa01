package models

// Canada is the root of testdata/canada.json.gz: a GeoJSON FeatureCollection
// holding one polygon (the outline of Canada, ~111k float64 pairs).
type Canada struct {
	Type     string    `json:"type"`
	Features []Feature `json:"features"`
}

// Feature is a GeoJSON feature.
type Feature struct {
	Type       string            `json:"type"`
	Properties map[string]string `json:"properties"`
	Geometry   Geometry          `json:"geometry"`
}

// Geometry is a GeoJSON polygon: a list of rings of [longitude, latitude]
// points.
type Geometry struct {
	Type        string         `json:"type"`
	Coordinates [][][2]float64 `json:"coordinates"`
}
