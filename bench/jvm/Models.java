import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

import java.util.List;
import java.util.Map;

/**
 * Models holds the POJOs that mirror the Go models of bench/models, one
 * public field per Go field, named by its json tag (@JsonProperty where the
 * Java name differs). The types follow the Go ones: int64 is long, int is
 * int, float64 is double, a pointer is the boxed type (null where the data
 * has null), []int64/[]int/[]float64 are primitive arrays, other slices are
 * Lists, []byte is byte[] (Smile binary), map[string]T is Map<String, T>.
 * A Go member with omitempty is @JsonInclude(NON_NULL), so that a POJO
 * writes the members the Go model writes; Codecs checks that each data set
 * survives readValue + writeValueAsBytes with the same tree.
 */
public final class Models {
    private Models() {}

    // small.json (models/small.go)

    public static final class Small {
        public long id;
        public String name;
        public String email;
        public int age;
        public double score;
        public long balance;
        public boolean active;
        public List<String> tags;
        public String manager;
        @JsonProperty("created_at") public String createdAt;
    }

    // medium.json (models/medium.go)

    public static final class Medium {
        public long id;
        public String uuid;
        public String title;
        public String status;
        @JsonProperty("created_at") public String createdAt;
        @JsonProperty("updated_at") public String updatedAt;
        public int priority;
        public double ratio;
        @JsonProperty("public") public boolean isPublic;
        public Person owner;
        public Person reviewer;
        public Map<String, String> labels;
        public List<Item> items;
        public double[] samples;
        public byte[] thumbnail;
        public String notes;
    }

    public static final class Person {
        public long id;
        public String name;
        public String email;
        public List<String> roles;
    }

    public static final class Item {
        public String sku;
        public String name;
        public int quantity;
        public double price;
        public Double discount;
        @JsonProperty("in_stock") public boolean inStock;
        public List<String> tags;
    }

    // twitter.json.gz (models/twitter.go)

    public static final class Twitter {
        public List<Status> statuses;
        @JsonProperty("search_metadata") public SearchMetadata searchMetadata;
    }

    public static final class SearchMetadata {
        @JsonProperty("completed_in") public double completedIn;
        @JsonProperty("max_id") public long maxId;
        @JsonProperty("max_id_str") public String maxIdStr;
        @JsonProperty("next_results") public String nextResults;
        public String query;
        @JsonProperty("refresh_url") public String refreshUrl;
        public int count;
        @JsonProperty("since_id") public long sinceId;
        @JsonProperty("since_id_str") public String sinceIdStr;
    }

    public static final class Status {
        public StatusMetadata metadata;
        @JsonProperty("created_at") public String createdAt;
        public long id;
        @JsonProperty("id_str") public String idStr;
        public String text;
        public String source;
        public boolean truncated;
        @JsonProperty("in_reply_to_status_id") public Long inReplyToStatusId;
        @JsonProperty("in_reply_to_status_id_str") public String inReplyToStatusIdStr;
        @JsonProperty("in_reply_to_user_id") public Long inReplyToUserId;
        @JsonProperty("in_reply_to_user_id_str") public String inReplyToUserIdStr;
        @JsonProperty("in_reply_to_screen_name") public String inReplyToScreenName;
        public User user;
        public Geo geo;
        public Geo coordinates;
        public Place place;
        public long[] contributors;
        @JsonProperty("retweeted_status") @JsonInclude(JsonInclude.Include.NON_NULL)
        public Status retweetedStatus;
        @JsonProperty("retweet_count") public int retweetCount;
        @JsonProperty("favorite_count") public int favoriteCount;
        public Entities entities;
        public boolean favorited;
        public boolean retweeted;
        @JsonProperty("possibly_sensitive") @JsonInclude(JsonInclude.Include.NON_NULL)
        public Boolean possiblySensitive;
        public String lang;
    }

    public static final class StatusMetadata {
        @JsonProperty("result_type") public String resultType;
        @JsonProperty("iso_language_code") public String isoLanguageCode;
    }

    public static final class Geo {
        public String type;
        public double[] coordinates;
    }

    public static final class Place {
        public String id;
        public String url;
        @JsonProperty("place_type") public String placeType;
        public String name;
        @JsonProperty("full_name") public String fullName;
        @JsonProperty("country_code") public String countryCode;
        public String country;
    }

    public static final class User {
        public long id;
        @JsonProperty("id_str") public String idStr;
        public String name;
        @JsonProperty("screen_name") public String screenName;
        public String location;
        public String description;
        public String url;
        public UserEntities entities;
        @JsonProperty("protected") public boolean isProtected;
        @JsonProperty("followers_count") public int followersCount;
        @JsonProperty("friends_count") public int friendsCount;
        @JsonProperty("listed_count") public int listedCount;
        @JsonProperty("created_at") public String createdAt;
        @JsonProperty("favourites_count") public int favouritesCount;
        @JsonProperty("utc_offset") public Integer utcOffset;
        @JsonProperty("time_zone") public String timeZone;
        @JsonProperty("geo_enabled") public boolean geoEnabled;
        public boolean verified;
        @JsonProperty("statuses_count") public int statusesCount;
        public String lang;
        @JsonProperty("contributors_enabled") public boolean contributorsEnabled;
        @JsonProperty("is_translator") public boolean isTranslator;
        @JsonProperty("is_translation_enabled") public boolean isTranslationEnabled;
        @JsonProperty("profile_background_color") public String profileBackgroundColor;
        @JsonProperty("profile_background_image_url") public String profileBackgroundImageUrl;
        @JsonProperty("profile_background_image_url_https") public String profileBackgroundImageUrlHttps;
        @JsonProperty("profile_background_tile") public boolean profileBackgroundTile;
        @JsonProperty("profile_image_url") public String profileImageUrl;
        @JsonProperty("profile_image_url_https") public String profileImageUrlHttps;
        @JsonProperty("profile_banner_url") @JsonInclude(JsonInclude.Include.NON_NULL)
        public String profileBannerUrl;
        @JsonProperty("profile_link_color") public String profileLinkColor;
        @JsonProperty("profile_sidebar_border_color") public String profileSidebarBorderColor;
        @JsonProperty("profile_sidebar_fill_color") public String profileSidebarFillColor;
        @JsonProperty("profile_text_color") public String profileTextColor;
        @JsonProperty("profile_use_background_image") public boolean profileUseBackgroundImage;
        @JsonProperty("default_profile") public boolean defaultProfile;
        @JsonProperty("default_profile_image") public boolean defaultProfileImage;
        public boolean following;
        @JsonProperty("follow_request_sent") public boolean followRequestSent;
        public boolean notifications;
    }

    public static final class UserEntities {
        @JsonInclude(JsonInclude.Include.NON_NULL) public URLList url;
        public URLList description;
    }

    public static final class URLList {
        public List<URL> urls;
    }

    public static final class URL {
        public String url;
        @JsonProperty("expanded_url") public String expandedUrl;
        @JsonProperty("display_url") public String displayUrl;
        public int[] indices;
    }

    public static final class Entities {
        public List<Hashtag> hashtags;
        public List<Hashtag> symbols;
        public List<URL> urls;
        @JsonProperty("user_mentions") public List<UserMention> userMentions;
        @JsonInclude(JsonInclude.Include.NON_NULL) public List<Media> media;
    }

    public static final class Hashtag {
        public String text;
        public int[] indices;
    }

    public static final class UserMention {
        @JsonProperty("screen_name") public String screenName;
        public String name;
        public long id;
        @JsonProperty("id_str") public String idStr;
        public int[] indices;
    }

    public static final class Media {
        public long id;
        @JsonProperty("id_str") public String idStr;
        public int[] indices;
        @JsonProperty("media_url") public String mediaUrl;
        @JsonProperty("media_url_https") public String mediaUrlHttps;
        public String url;
        @JsonProperty("display_url") public String displayUrl;
        @JsonProperty("expanded_url") public String expandedUrl;
        public String type;
        public MediaSizes sizes;
        @JsonProperty("source_status_id") @JsonInclude(JsonInclude.Include.NON_NULL)
        public Long sourceStatusId;
        @JsonProperty("source_status_id_str") @JsonInclude(JsonInclude.Include.NON_NULL)
        public String sourceStatusIdStr;
    }

    public static final class MediaSizes {
        public MediaSize medium;
        public MediaSize small;
        public MediaSize thumb;
        public MediaSize large;
    }

    public static final class MediaSize {
        public int w;
        public int h;
        public String resize;
    }

    // citm_catalog.json.gz (models/citm.go)

    public static final class CITMCatalog {
        public Map<String, String> areaNames;
        public Map<String, String> audienceSubCategoryNames;
        public Map<String, String> blockNames;
        public Map<String, Event> events;
        public List<Performance> performances;
        public Map<String, String> seatCategoryNames;
        public Map<String, String> subTopicNames;
        public Map<String, String> subjectNames;
        public Map<String, String> topicNames;
        public Map<String, long[]> topicSubTopics;
        public Map<String, String> venueNames;
    }

    public static final class Event {
        public String description;
        public long id;
        public String logo;
        public String name;
        public long[] subTopicIds;
        public String subjectCode;
        public String subtitle;
        public long[] topicIds;
    }

    public static final class Performance {
        public long eventId;
        public long id;
        public String logo;
        public String name;
        public List<Price> prices;
        public List<SeatCategory> seatCategories;
        public String seatMapImage;
        public long start;
        public String venueCode;
    }

    public static final class Price {
        public int amount;
        public long audienceSubCategoryId;
        public long seatCategoryId;
    }

    public static final class SeatCategory {
        public List<Area> areas;
        public long seatCategoryId;
    }

    public static final class Area {
        public long areaId;
        public long[] blockIds;
    }

    // canada.json.gz (models/canada.go)

    public static final class Canada {
        public String type;
        public List<Feature> features;
    }

    public static final class Feature {
        public String type;
        public Map<String, String> properties;
        public Geometry geometry;
    }

    public static final class Geometry {
        public String type;
        public double[][][] coordinates;
    }

    // code.json.gz (models/code.go)

    public static final class Code {
        public CodeNode tree;
        public String username;
    }

    public static final class CodeNode {
        public String name;
        public List<CodeNode> kids;
        @JsonProperty("cl_weight") public double clWeight;
        public int touches;
        @JsonProperty("min_t") public long minT;
        @JsonProperty("max_t") public long maxT;
        @JsonProperty("mean_t") public long meanT;
    }
}
