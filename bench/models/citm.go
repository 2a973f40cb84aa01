package models

// CITMCatalog is the root of testdata/citm_catalog.json.gz: an event catalog
// whose name tables are JSON objects keyed by decimal id strings.
type CITMCatalog struct {
	AreaNames                map[string]string  `json:"areaNames"`
	AudienceSubCategoryNames map[string]string  `json:"audienceSubCategoryNames"`
	BlockNames               map[string]string  `json:"blockNames"` // empty in the data
	Events                   map[string]Event   `json:"events"`
	Performances             []Performance      `json:"performances"`
	SeatCategoryNames        map[string]string  `json:"seatCategoryNames"`
	SubTopicNames            map[string]string  `json:"subTopicNames"`
	SubjectNames             map[string]string  `json:"subjectNames"` // empty in the data
	TopicNames               map[string]string  `json:"topicNames"`
	TopicSubTopics           map[string][]int64 `json:"topicSubTopics"`
	VenueNames               map[string]string  `json:"venueNames"`
}

// Event is one event of the catalog.
type Event struct {
	Description *string `json:"description"` // always null in the data
	ID          int64   `json:"id"`
	Logo        *string `json:"logo"`
	Name        string  `json:"name"`
	SubTopicIDs []int64 `json:"subTopicIds"`
	SubjectCode *string `json:"subjectCode"` // always null in the data
	Subtitle    *string `json:"subtitle"`    // always null in the data
	TopicIDs    []int64 `json:"topicIds"`
}

// Performance is one performance of an event.
type Performance struct {
	EventID        int64          `json:"eventId"`
	ID             int64          `json:"id"`
	Logo           *string        `json:"logo"`
	Name           *string        `json:"name"` // always null in the data
	Prices         []Price        `json:"prices"`
	SeatCategories []SeatCategory `json:"seatCategories"`
	SeatMapImage   *string        `json:"seatMapImage"` // always null in the data
	Start          int64          `json:"start"`        // Unix milliseconds
	VenueCode      string         `json:"venueCode"`
}

// Price is the price of a seat category for an audience sub-category.
type Price struct {
	Amount                int   `json:"amount"`
	AudienceSubCategoryID int64 `json:"audienceSubCategoryId"`
	SeatCategoryID        int64 `json:"seatCategoryId"`
}

// SeatCategory lists the areas of a seat category.
type SeatCategory struct {
	Areas          []Area `json:"areas"`
	SeatCategoryID int64  `json:"seatCategoryId"`
}

// Area is an area of a venue.
type Area struct {
	AreaID   int64   `json:"areaId"`
	BlockIDs []int64 `json:"blockIds"` // always empty in the data
}
