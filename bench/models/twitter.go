package models

// Twitter is the root of testdata/twitter.json.gz: a Twitter search API
// response with 100 statuses.
type Twitter struct {
	Statuses       []Status       `json:"statuses"`
	SearchMetadata SearchMetadata `json:"search_metadata"`
}

// SearchMetadata describes the search that produced the statuses.
type SearchMetadata struct {
	CompletedIn float64 `json:"completed_in"`
	MaxID       int64   `json:"max_id"`
	MaxIDStr    string  `json:"max_id_str"`
	NextResults string  `json:"next_results"`
	Query       string  `json:"query"`
	RefreshURL  string  `json:"refresh_url"`
	Count       int     `json:"count"`
	SinceID     int64   `json:"since_id"`
	SinceIDStr  string  `json:"since_id_str"`
}

// Status is one tweet. A retweet carries the original in RetweetedStatus.
type Status struct {
	Metadata             StatusMetadata `json:"metadata"`
	CreatedAt            string         `json:"created_at"`
	ID                   int64          `json:"id"`
	IDStr                string         `json:"id_str"`
	Text                 string         `json:"text"`
	Source               string         `json:"source"`
	Truncated            bool           `json:"truncated"`
	InReplyToStatusID    *int64         `json:"in_reply_to_status_id"`
	InReplyToStatusIDStr *string        `json:"in_reply_to_status_id_str"`
	InReplyToUserID      *int64         `json:"in_reply_to_user_id"`
	InReplyToUserIDStr   *string        `json:"in_reply_to_user_id_str"`
	InReplyToScreenName  *string        `json:"in_reply_to_screen_name"`
	User                 User           `json:"user"`
	Geo                  *Geo           `json:"geo"`
	Coordinates          *Geo           `json:"coordinates"`
	Place                *Place         `json:"place"`
	Contributors         []int64        `json:"contributors"` // always null in the data
	RetweetedStatus      *Status        `json:"retweeted_status,omitempty"`
	RetweetCount         int            `json:"retweet_count"`
	FavoriteCount        int            `json:"favorite_count"`
	Entities             Entities       `json:"entities"`
	Favorited            bool           `json:"favorited"`
	Retweeted            bool           `json:"retweeted"`
	PossiblySensitive    *bool          `json:"possibly_sensitive,omitempty"` // present in some statuses, always false
	Lang                 string         `json:"lang"`
}

// StatusMetadata is the search metadata attached to a status.
type StatusMetadata struct {
	ResultType      string `json:"result_type"`
	IsoLanguageCode string `json:"iso_language_code"`
}

// Geo is a GeoJSON point (always null in the data).
type Geo struct {
	Type        string    `json:"type"`
	Coordinates []float64 `json:"coordinates"`
}

// Place is a Twitter place (always null in the data).
type Place struct {
	ID          string `json:"id"`
	URL         string `json:"url"`
	PlaceType   string `json:"place_type"`
	Name        string `json:"name"`
	FullName    string `json:"full_name"`
	CountryCode string `json:"country_code"`
	Country     string `json:"country"`
}

// User is the author of a status.
type User struct {
	ID                             int64        `json:"id"`
	IDStr                          string       `json:"id_str"`
	Name                           string       `json:"name"`
	ScreenName                     string       `json:"screen_name"`
	Location                       string       `json:"location"`
	Description                    string       `json:"description"`
	URL                            *string      `json:"url"`
	Entities                       UserEntities `json:"entities"`
	Protected                      bool         `json:"protected"`
	FollowersCount                 int          `json:"followers_count"`
	FriendsCount                   int          `json:"friends_count"`
	ListedCount                    int          `json:"listed_count"`
	CreatedAt                      string       `json:"created_at"`
	FavouritesCount                int          `json:"favourites_count"`
	UtcOffset                      *int         `json:"utc_offset"`
	TimeZone                       *string      `json:"time_zone"`
	GeoEnabled                     bool         `json:"geo_enabled"`
	Verified                       bool         `json:"verified"`
	StatusesCount                  int          `json:"statuses_count"`
	Lang                           string       `json:"lang"`
	ContributorsEnabled            bool         `json:"contributors_enabled"`
	IsTranslator                   bool         `json:"is_translator"`
	IsTranslationEnabled           bool         `json:"is_translation_enabled"`
	ProfileBackgroundColor         string       `json:"profile_background_color"`
	ProfileBackgroundImageURL      string       `json:"profile_background_image_url"`
	ProfileBackgroundImageURLHTTPS string       `json:"profile_background_image_url_https"`
	ProfileBackgroundTile          bool         `json:"profile_background_tile"`
	ProfileImageURL                string       `json:"profile_image_url"`
	ProfileImageURLHTTPS           string       `json:"profile_image_url_https"`
	ProfileBannerURL               string       `json:"profile_banner_url,omitempty"` // missing for some users, never empty
	ProfileLinkColor               string       `json:"profile_link_color"`
	ProfileSidebarBorderColor      string       `json:"profile_sidebar_border_color"`
	ProfileSidebarFillColor        string       `json:"profile_sidebar_fill_color"`
	ProfileTextColor               string       `json:"profile_text_color"`
	ProfileUseBackgroundImage      bool         `json:"profile_use_background_image"`
	DefaultProfile                 bool         `json:"default_profile"`
	DefaultProfileImage            bool         `json:"default_profile_image"`
	Following                      bool         `json:"following"`
	FollowRequestSent              bool         `json:"follow_request_sent"`
	Notifications                  bool         `json:"notifications"`
}

// UserEntities are the URLs found in a user's profile.
type UserEntities struct {
	URL         *URLList `json:"url,omitempty"` // only for users with a profile URL
	Description URLList  `json:"description"`
}

// URLList wraps a list of URL entities.
type URLList struct {
	URLs []URL `json:"urls"`
}

// URL is a URL entity.
type URL struct {
	URL         string `json:"url"`
	ExpandedURL string `json:"expanded_url"`
	DisplayURL  string `json:"display_url"`
	Indices     []int  `json:"indices"`
}

// Entities are the hashtags, symbols, URLs, mentions and media of a status.
type Entities struct {
	Hashtags     []Hashtag     `json:"hashtags"`
	Symbols      []Hashtag     `json:"symbols"` // always empty in the data
	URLs         []URL         `json:"urls"`
	UserMentions []UserMention `json:"user_mentions"`
	Media        []Media       `json:"media,omitempty"` // only for statuses with media, never empty
}

// Hashtag is a hashtag (or cashtag symbol) entity.
type Hashtag struct {
	Text    string `json:"text"`
	Indices []int  `json:"indices"`
}

// UserMention is a mention of another user.
type UserMention struct {
	ScreenName string `json:"screen_name"`
	Name       string `json:"name"`
	ID         int64  `json:"id"`
	IDStr      string `json:"id_str"`
	Indices    []int  `json:"indices"`
}

// Media is an attached photo.
type Media struct {
	ID                int64      `json:"id"`
	IDStr             string     `json:"id_str"`
	Indices           []int      `json:"indices"`
	MediaURL          string     `json:"media_url"`
	MediaURLHTTPS     string     `json:"media_url_https"`
	URL               string     `json:"url"`
	DisplayURL        string     `json:"display_url"`
	ExpandedURL       string     `json:"expanded_url"`
	Type              string     `json:"type"`
	Sizes             MediaSizes `json:"sizes"`
	SourceStatusID    int64      `json:"source_status_id,omitempty"`     // only for media of a retweet, never 0
	SourceStatusIDStr string     `json:"source_status_id_str,omitempty"` // likewise
}

// MediaSizes lists the sizes a photo is served in.
type MediaSizes struct {
	Medium MediaSize `json:"medium"`
	Small  MediaSize `json:"small"`
	Thumb  MediaSize `json:"thumb"`
	Large  MediaSize `json:"large"`
}

// MediaSize is one size of a photo.
type MediaSize struct {
	W      int    `json:"w"`
	H      int    `json:"h"`
	Resize string `json:"resize"`
}
