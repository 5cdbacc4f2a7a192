/*
 * cardsize.h — the C interface of libcardsize: offline text measurement, self-sizing cards
 * and collection layouts on HarfBuzz, FreeType, fontconfig and ICU.
 *
 * The only thing other languages see: opaque handles, plain structs and arrays, UTF-8 in,
 * results out. No Swift type crosses it.
 *
 * Conventions
 * - Every call that can fail returns a cardsize_status (CARDSIZE_OK is 0) and, when `error`
 *   is not NULL, fills it with the code, the field at fault and a message naming it
 *   ("size: must be a finite number in (0, 10000], got nan"). `error` may be NULL.
 * - Ownership: every pointer passed in is borrowed for the call only; the library keeps no
 *   pointer into caller memory after a call returns (it copies what it keeps). Handles
 *   returned by *_create are owned by the caller and released with the matching *_destroy
 *   (which accepts NULL). Arrays of results are caller-allocated: the caller passes a
 *   buffer and its capacity. Strings returned by the library (cardsize_version) are static.
 * - Threads: measurers and layouts are immutable once created and safe to use from many
 *   threads at once; a handle must not be destroyed while another thread uses it.
 * - Numbers are points (1/72 in at scale 1, UIKit's points); sizes, widths and insets must
 *   be finite (NaN and infinities are refused, naming the field).
 * - Fonts: with no font files, the bundled chain (DejaVu Sans, Noto Sans CJK JP, Symbola),
 *   found at ../share/cardsize/Fonts from the library's own folder, in the source tree it
 *   was built from, or where CARDSIZE_FONTS_DIR points.
 */
#ifndef CARDSIZE_H
#define CARDSIZE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The interface's version: changes to the major number break callers. */
#define CARDSIZE_API_VERSION_MAJOR 2
#define CARDSIZE_API_VERSION_MINOR 1

/* The library's interface version, "MAJOR.MINOR" (its CARDSIZE_API_VERSION_MAJOR and _MINOR):
   static storage, never freed. */
const char *cardsize_version(void);

/* ---- Errors ---------------------------------------------------------------------------- */

typedef enum {
    CARDSIZE_OK = 0,
    /* A NULL pointer, a number out of range, NaN, an unknown name: `field` says which. */
    CARDSIZE_ERROR_INVALID_ARGUMENT = 1,
    /* Text that is not valid UTF-8. */
    CARDSIZE_ERROR_INVALID_UTF8 = 2,
    /* A font file that cannot be opened or is damaged; the bundled fonts not found. */
    CARDSIZE_ERROR_FONT = 3,
    /* A card template that does not read or does not hold together. */
    CARDSIZE_ERROR_TEMPLATE = 4,
    /* A record or catalog that cannot be used (a missing field, an unreadable file). */
    CARDSIZE_ERROR_RECORD = 5,
    /* A layout that cannot be made from its configuration and heights. */
    CARDSIZE_ERROR_LAYOUT = 6,
    /* A result buffer too small: `needed` in cardsize_error says how many elements. */
    CARDSIZE_ERROR_BUFFER_TOO_SMALL = 7,
    CARDSIZE_ERROR_INTERNAL = 99
} cardsize_status;

typedef struct {
    cardsize_status code;
    /* The input field at fault ("size", "fonts", "title", "heights[3]"), or empty. */
    char field[64];
    /* A sentence naming the field and the problem, NUL-terminated, cut at 511 bytes. */
    char message[512];
    /* For CARDSIZE_ERROR_BUFFER_TOO_SMALL: the elements needed; else 0. */
    size_t needed;
} cardsize_error;

/* ---- Text ------------------------------------------------------------------------------ */

/* Which text stack to reproduce: UILabel, Pango 1.50, or headless Chromium laying the text out
   in a <div> of the width with the style's CSS properties (docs/profiles.md). */
typedef enum { CARDSIZE_PROFILE_UIKIT = 0, CARDSIZE_PROFILE_PANGO = 1, CARDSIZE_PROFILE_BROWSER = 2 } cardsize_profile;

typedef enum {
    CARDSIZE_LINE_BREAK_STRICT = 0,
    CARDSIZE_LINE_BREAK_NORMAL = 1,
    CARDSIZE_LINE_BREAK_LOOSE = 2,
    /* Japanese broken only between phrases, with the strict rules. */
    CARDSIZE_LINE_BREAK_PHRASE = 3,
    /* The language's default rules (CSS line-break: auto). */
    CARDSIZE_LINE_BREAK_AUTO = 4,
    /* Between any two characters (CSS line-break: anywhere). */
    CARDSIZE_LINE_BREAK_ANYWHERE = 5,
    /* The profile's default: auto for the browser, as CSS; strict otherwise. */
    CARDSIZE_LINE_BREAK_PROFILE_DEFAULT = -1
} cardsize_line_break;

/* How text is set. Fill with cardsize_text_style_init, then change what differs. */
typedef struct {
    /* Font files (path, or path.ttc#N for a face of a collection), primary first; NULL and
       0 for the bundled chain. */
    const char *const *font_files;
    size_t font_file_count;
    double size;                 /* points, (0, 10000]; default 17, as `cardsize text` */
    double scale;                /* pixels per point, [0.1, 16]; default 1 */
    const char *language;        /* BCP 47 ("en", "ja"); NULL for "en" */
    double line_spacing;         /* line height multiplier, (0, 100]; default 1 */
    cardsize_line_break line_break;  /* default CARDSIZE_LINE_BREAK_PROFILE_DEFAULT */
    cardsize_profile profile;    /* default uikit */
    /* The browser profile's CSS properties as CSS writes their values, NULL for the initial
       value: line-height ("normal", "1.5", "20px"), white-space ("normal", "pre-wrap",
       "pre-line", "nowrap"), word-break ("normal", "break-all", "keep-all"), overflow-wrap
       ("normal", "anywhere", "break-word"), letter-spacing ("normal", "1.5px"). A line clamp
       is cardsize_text_box's max_lines with ellipsize. */
    const char *line_height;
    const char *white_space;
    const char *word_break;
    const char *overflow_wrap;
    const char *letter_spacing;
} cardsize_text_style;

void cardsize_text_style_init(cardsize_text_style *style);

/* Where text is set: a width and line limits. Fill with cardsize_text_box_init. */
typedef struct {
    double width;            /* points, >= 0; 0 for no wrapping; default 0 */
    int32_t max_lines;       /* 0 for no limit; default 0 */
    int32_t reserve_lines;   /* at least this many lines tall; default 0 */
    int32_t ellipsize;       /* nonzero: a truncated last line ends in an ellipsis; default 1 */
} cardsize_text_box;

void cardsize_text_box_init(cardsize_text_box *box);

/* A measured text: the numbers `cardsize text --json` prints, without the per-line arrays. */
typedef struct {
    double height;           /* the label's height, points */
    double width;            /* the widest line, points */
    double natural_width;    /* the widest paragraph on one line, points */
    double minimum_slack;    /* the smallest line slack (near-tie signal); INFINITY unwrapped */
    int32_t line_count;
    int32_t truncated;       /* 1 when max_lines cut the text */
    int32_t missing_glyphs;  /* characters no font of the chain draws */
} cardsize_text_metrics;

/* One line of a measured text. */
typedef struct {
    int64_t start;           /* the line's first character, in Unicode scalars from 0 */
    double width;
    double height;
    double slack;            /* INFINITY when unwrapped */
    int32_t has_ellipsis;
} cardsize_text_line;

typedef struct cardsize_text_measurer cardsize_text_measurer;

/* A measurer for one style, with a cache of `cache_capacity` measurements (0: none; results
   are the same either way). NULL on failure (a bad style, a font that does not load). */
cardsize_text_measurer *cardsize_text_measurer_create(
    const cardsize_text_style *style, size_t cache_capacity, cardsize_error *error);
void cardsize_text_measurer_destroy(cardsize_text_measurer *measurer);

/* Measures `length` bytes of UTF-8 at `text` (which need not end in NUL) in `box`. */
cardsize_status cardsize_measure_text(
    const cardsize_text_measurer *measurer, const char *text, size_t length, const cardsize_text_box *box,
    cardsize_text_metrics *metrics, cardsize_error *error);

/* The lines of the same measurement: up to `capacity` into `lines`, their number in
   `*line_count`. With too small a buffer: CARDSIZE_ERROR_BUFFER_TOO_SMALL, `*line_count` and
   error->needed set to the number of lines. `lines` may be NULL when capacity is 0. */
cardsize_status cardsize_measure_text_lines(
    const cardsize_text_measurer *measurer, const char *text, size_t length, const cardsize_text_box *box,
    cardsize_text_line *lines, size_t capacity, size_t *line_count, cardsize_error *error);

/* Measures `count` texts in the same box on up to `threads` threads (0: every core):
   texts[i] of lengths[i] bytes into metrics[i]. Every text gets its result or its error:
   statuses[i] (and errors[i] when `errors` is not NULL) say which. Returns CARDSIZE_OK when
   all succeeded, else the first failure's code (and fills `error`, if given, with it). The
   results do not depend on the thread count. */
cardsize_status cardsize_measure_texts(
    const cardsize_text_measurer *measurer, const char *const *texts, const size_t *lengths, size_t count,
    const cardsize_text_box *box, size_t threads, cardsize_text_metrics *metrics, cardsize_status *statuses,
    cardsize_error *errors, cardsize_error *error);

/* ---- Cards ----------------------------------------------------------------------------- */

/* A catalog record as a card shows it. Strings are UTF-8, NUL-terminated. */
typedef struct {
    const char *id;
    const char *title;
    const char *author;
    /* The cover's size in pixels; 0 and 0 for none (then one is picked by id when the
       measurer has cover sizes, as `cardsize measure --cover-sizes` does). */
    double image_width;
    double image_height;
} cardsize_record;

/* A card's size at a width: the numbers of `cardsize measure`. */
typedef struct {
    double width;
    double height;
    int32_t title_lines;
    int32_t title_truncated;
    double title_slack;      /* the title's smallest line slack */
} cardsize_card_size;

/* The layouts (see Layouts below); card defaults follow the layout the cards are for. */
typedef enum {
    /* Rows of `columns` equal cells; each row as tall as its tallest item (flow layout). */
    CARDSIZE_LAYOUT_GRID = 0,
    /* `columns` columns; each item goes to the shortest column (CHT waterfall). */
    CARDSIZE_LAYOUT_WATERFALL = 1,
    /* Items of the given widths left-aligned in rows, wrapping (tag flow); needs widths. */
    CARDSIZE_LAYOUT_TAG_FLOW = 2,
    /* The Insta-search compositional preset: a large item and stacks, repeating. */
    CARDSIZE_LAYOUT_COMPOSITIONAL = 3
} cardsize_layout_kind;

/* Fill with cardsize_card_options_init for the layout the cards are for: the defaults are
   that layout's, as `cardsize layout KIND` has them (`cardsize measure`: a grid's). */
typedef struct {
    /* "book", "book-hug", or a template's JSON text (as `--template FILE` holds); default
       book for a grid, book-hug for the others. */
    const char *template_name_or_json;
    double scale;                /* pixels per point, [0.1, 16]; default 2 (an iPhone 11's) */
    /* "auto" (ja when a title has kana or kanji, else en) or a BCP 47 tag; NULL for auto. */
    const char *language;
    /* A CSV of width,height cover sizes for records without one; NULL for none. */
    const char *cover_sizes_path;
    size_t cache_capacity;       /* cards remembered; default 131072; 0 for none */
} cardsize_card_options;

void cardsize_card_options_init(cardsize_card_options *options, cardsize_layout_kind kind);

typedef struct cardsize_card_measurer cardsize_card_measurer;

cardsize_card_measurer *cardsize_card_measurer_create(const cardsize_card_options *options, cardsize_error *error);
void cardsize_card_measurer_destroy(cardsize_card_measurer *measurer);

/* Measures `count` records' cards at `width` points on up to `threads` threads (0: every
   core) into sizes[i]; statuses/errors per record as in cardsize_measure_texts (an error
   names the record's id and field). */
cardsize_status cardsize_measure_cards(
    const cardsize_card_measurer *measurer, const cardsize_record *records, size_t count, double width,
    size_t threads, cardsize_card_size *sizes, cardsize_status *statuses, cardsize_error *errors,
    cardsize_error *error);

/* Called once per record of a catalog file, in input order, on the calling thread: the
   record's 0-based index, its id (borrowed for the call; empty when the record has none),
   and its size with error->code CARDSIZE_OK, or a zeroed size and the error naming the
   line and field (as `cardsize measure` writes its error records). */
typedef void (*cardsize_card_callback)(
    void *context, size_t index, const char *id, const cardsize_card_size *size, const cardsize_error *error);

/* Measures every record of the catalog at `path` (CSV or JSON Lines, by extension; columns
   id, title, author) at `width`, exactly as `cardsize measure` reads and measures it, on up
   to `threads` threads (0: every core), streaming: memory does not grow with the catalog.
   Fails only when the file cannot be opened or read (or an argument is bad); a bad record
   is reported through the callback and the run goes on. */
cardsize_status cardsize_measure_catalog(
    const cardsize_card_measurer *measurer, const char *path, double width, size_t threads,
    cardsize_card_callback callback, void *context, cardsize_error *error);

/* ---- Layouts --------------------------------------------------------------------------- */

typedef struct {
    double x, y, width, height;
} cardsize_rect;

/* A laid-out element: an item, or a section's header or footer. */
typedef enum { CARDSIZE_ELEMENT_ITEM = 0, CARDSIZE_ELEMENT_HEADER = 1, CARDSIZE_ELEMENT_FOOTER = 2 } cardsize_element_kind;

typedef struct {
    cardsize_rect frame;
    int64_t index;           /* the item's index in the heights given; -1 for headers and footers */
    cardsize_element_kind kind;
} cardsize_element;

/* Fill with cardsize_layout_options_init: the kind's defaults, as `cardsize layout KIND`
   has them (docs/vocabulary.md): an iPhone 11's screen (414 x 896 pt @2x; compositional:
   390 x 844 pt @3x); grid: 3 columns, gaps of 8, insets of 8; waterfall: 2 columns, gaps of
   10, no insets; tag flow: gaps of 10, insets of 10. */
typedef struct {
    cardsize_layout_kind kind;
    double width;                /* the collection's width in points */
    double height;               /* a screen's height: the compositional preset's panels are
                                    fractions of it */
    double scale;                /* pixels per point: frames are rounded to its pixel grid */
    int32_t columns;             /* grid and waterfall */
    double column_gap;           /* between items in a row (grid, tag flow) or between columns (waterfall) */
    double row_gap;              /* between rows (grid, tag flow) or items in a column (waterfall) */
    double inset_top, inset_left, inset_bottom, inset_right;
} cardsize_layout_options;

void cardsize_layout_options_init(cardsize_layout_options *options, cardsize_layout_kind kind);

typedef struct cardsize_layout cardsize_layout;

/* The column width items are measured at for this layout (grid and waterfall), so that
   cards can be sized before they are placed. */
cardsize_status cardsize_layout_item_width(const cardsize_layout_options *options, double *width, cardsize_error *error);

/* Lays out `count` items of heights[i] (and widths[i] for tag flow; NULL otherwise, when the
   width is the layout's). The layout keeps its frames and an index for rect queries. */
cardsize_layout *cardsize_layout_create(
    const cardsize_layout_options *options, const double *heights, const double *widths, size_t count,
    cardsize_error *error);
void cardsize_layout_destroy(cardsize_layout *layout);

/* A layout's sections (since 2.1): fill with cardsize_layout_sections_init (one section, no
   header or footer). As `cardsize layout KIND --section-size N --header-height H
   --footer-height H`: the items cut into sections of `section_size` (0: one section), each
   with a header and a footer of these heights (0: none) above and below its items. Grid,
   waterfall and tag flow; the compositional preset has sections of its own. */
typedef struct {
    size_t section_size;
    double header_height;
    double footer_height;
} cardsize_layout_sections;

void cardsize_layout_sections_init(cardsize_layout_sections *sections);

/* cardsize_layout_create in `sections` (NULL: one section, as cardsize_layout_create); an
   element's index is its height's in `heights`, across sections (since 2.1). */
cardsize_layout *cardsize_layout_create_sections(
    const cardsize_layout_options *options, const cardsize_layout_sections *sections, const double *heights,
    const double *widths, size_t count, cardsize_error *error);

/* The elements, in layout order, and the content size. */
size_t cardsize_layout_element_count(const cardsize_layout *layout);
cardsize_status cardsize_layout_elements(
    const cardsize_layout *layout, cardsize_element *elements, size_t capacity, size_t *count, cardsize_error *error);
void cardsize_layout_content_size(const cardsize_layout *layout, double *width, double *height);

/* The elements whose frames intersect `rect` (a viewport), in layout order, as
   cardsize_layout_elements fills them; too small a buffer as for text lines. */
cardsize_status cardsize_layout_query(
    const cardsize_layout *layout, cardsize_rect rect, cardsize_element *elements, size_t capacity, size_t *count,
    cardsize_error *error);

/* ---- Record columns (Arrow) ------------------------------------------------------------ */

/* A column of strings as Arrow lays one out (utf8 or large_utf8), borrowed for the call:
   row i is data[offsets[offset + i] .. offsets[offset + i + 1]), null when bit offset + i
   of `validity` is 0. A null reads as empty, as JSON's null does in a JSON Lines catalog. */
typedef struct {
    /* The column's name, as an error record names the field ("id", "title"). */
    const char *name;
    /* `offset + count + 1` offsets: int32_t when offset_width is 4 (utf8), int64_t when 8
       (large_utf8). */
    const void *offsets;
    int32_t offset_width;
    const uint8_t *data;
    int64_t data_length;         /* bytes at `data`: every row must lie within them */
    const uint8_t *validity;     /* Arrow's validity bitmap, least significant bit first; NULL: no nulls */
    int64_t offset;              /* a sliced array's first row in its buffers; 0 otherwise */
} cardsize_string_column;

/* A batch of catalog records, column by column. The cover size columns hold its width and
   height in pixels as text ("300"), as a catalog file's cells; both with a NULL name when
   the records have none (then a size is picked by id when the measurer has cover sizes). */
typedef struct {
    cardsize_string_column id, title, author, image_width, image_height;
} cardsize_record_columns;

/* Card sizes column by column, `count` values each; a failed row has zeros and failed[i] 1. */
typedef struct {
    double *width;
    double *height;
    int32_t *title_lines;
    uint8_t *truncated;          /* 1 when the title was cut */
    double *title_slack;         /* INFINITY when the title did not wrap */
    uint8_t *failed;
} cardsize_card_columns;

/* Measures `count` records given as columns at `width` on up to `threads` threads (0: every
   core) into `sizes`, each read and measured exactly as `cardsize measure` reads and
   measures a catalog record. Then calls `on_failure` (when not NULL) on the calling thread
   for each failed row, in row order: the row's 0-based index, the id the error record
   names (empty when it names none), a zeroed size, and an error whose field and message are
   the error record's `field` (empty for none) and `error` as `cardsize measure` writes
   them. Fails only for bad arguments (offsets outside the data, a NULL column). */
cardsize_status cardsize_measure_columns(
    const cardsize_card_measurer *measurer, const cardsize_record_columns *records, size_t count, double width,
    size_t threads, const cardsize_card_columns *sizes, cardsize_card_callback on_failure, void *context,
    cardsize_error *error);

#ifdef __cplusplus
}
#endif

#endif /* CARDSIZE_H */
