/* The C interface exercised from C, every call, bad input included; run by
 * scripts/test-c-interface.sh (plainly and under valgrind). Exits non-zero on the first
 * failed check, naming it. */
#include "cardsize.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int checks = 0;

#define CHECK(condition, ...)                                                   \
    do {                                                                        \
        checks++;                                                               \
        if (!(condition)) {                                                     \
            fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #condition); \
            fprintf(stderr, __VA_ARGS__);                                       \
            fprintf(stderr, "\n");                                              \
            exit(1);                                                            \
        }                                                                       \
    } while (0)

/* Field by field: a struct's padding bytes hold whatever was there. */
static int same_metrics(const cardsize_text_metrics *a, const cardsize_text_metrics *b) {
    return a->height == b->height && a->width == b->width && a->natural_width == b->natural_width
        && (a->minimum_slack == b->minimum_slack || (isnan(a->minimum_slack) && isnan(b->minimum_slack)))
        && a->line_count == b->line_count && a->truncated == b->truncated && a->missing_glyphs == b->missing_glyphs;
}

static cardsize_text_measurer *make_measurer(double size, const char *language) {
    cardsize_text_style style;
    cardsize_text_style_init(&style);
    style.size = size;
    style.language = language;
    cardsize_error error;
    cardsize_text_measurer *measurer = cardsize_text_measurer_create(&style, 0, &error);
    CHECK(measurer != NULL, "%s", error.message);
    CHECK(error.code == CARDSIZE_OK && error.message[0] == 0, "error cleared on success");
    return measurer;
}

static void test_version(void) {
    const char *version = cardsize_version();
    char expected[32];
    snprintf(expected, sizeof expected, "%d.%d", CARDSIZE_API_VERSION_MAJOR, CARDSIZE_API_VERSION_MINOR);
    CHECK(version != NULL && strcmp(version, expected) == 0, "version '%s', header %s", version ? version : "(null)",
          expected);
    CHECK(cardsize_version() == version, "the same static string every time");
}

static void test_text(void) {
    cardsize_text_measurer *measurer = make_measurer(15, "en");
    cardsize_text_box box;
    cardsize_text_box_init(&box);
    CHECK(box.width == 0 && box.max_lines == 0 && box.ellipsize == 1, "box defaults");
    cardsize_error error;
    cardsize_text_metrics unwrapped, wrapped;
    const char *title = "The Hunger Games (The Hunger Games, #1)";
    CHECK(cardsize_measure_text(measurer, title, strlen(title), &box, &unwrapped, &error) == CARDSIZE_OK, "%s", error.message);
    CHECK(unwrapped.line_count == 1 && unwrapped.width > 200 && unwrapped.width == unwrapped.natural_width,
          "one line unwrapped: %d lines, %f wide", unwrapped.line_count, unwrapped.width);
    CHECK(isinf(unwrapped.minimum_slack), "no slack without a width");
    box.width = 127;
    CHECK(cardsize_measure_text(measurer, title, strlen(title), &box, &wrapped, &error) == CARDSIZE_OK, "%s", error.message);
    CHECK(wrapped.line_count >= 2 && wrapped.width <= 127 && wrapped.height > unwrapped.height,
          "wraps at 127: %d lines, %f wide", wrapped.line_count, wrapped.width);
    CHECK(wrapped.natural_width == unwrapped.natural_width, "natural width does not depend on the box");

    /* The lines of the same measurement, and a buffer too small for them. */
    cardsize_text_line lines[8];
    size_t line_count = 0;
    CHECK(cardsize_measure_text_lines(measurer, title, strlen(title), &box, lines, 8, &line_count, &error) == CARDSIZE_OK,
          "%s", error.message);
    CHECK((int)line_count == wrapped.line_count && lines[0].start == 0 && lines[1].start > 0, "line starts");
    double widest = 0, total = 0;
    for (size_t i = 0; i < line_count; i++) {
        if (lines[i].width > widest) widest = lines[i].width;
        total += lines[i].height;
        CHECK(lines[i].slack >= 0 && lines[i].width + lines[i].slack <= 127.0001, "line %zu within the width", i);
    }
    CHECK(widest == wrapped.width && total <= wrapped.height + 1, "lines agree with the metrics");
    CHECK(cardsize_measure_text_lines(measurer, title, strlen(title), &box, lines, 1, &line_count, &error)
              == CARDSIZE_ERROR_BUFFER_TOO_SMALL && error.needed == (size_t)wrapped.line_count
              && line_count == (size_t)wrapped.line_count,
          "too small a buffer says how many: %s", error.message);

    /* Limits: one line, truncated with an ellipsis; reserve lines make it taller. */
    box.max_lines = 1;
    cardsize_text_metrics truncated;
    CHECK(cardsize_measure_text(measurer, title, strlen(title), &box, &truncated, &error) == CARDSIZE_OK, "%s", error.message);
    CHECK(truncated.line_count == 1 && truncated.truncated == 1, "max_lines 1 truncates");
    CHECK(cardsize_measure_text_lines(measurer, title, strlen(title), &box, lines, 8, &line_count, &error) == CARDSIZE_OK
              && lines[0].has_ellipsis == 1, "the last line has the ellipsis");
    box.max_lines = 0;
    box.reserve_lines = 4;
    cardsize_text_metrics reserved;
    CHECK(cardsize_measure_text(measurer, "Dune", 4, &box, &reserved, &error) == CARDSIZE_OK && reserved.line_count == 1
              && reserved.height > 3 * unwrapped.height, "reserve lines: %f", reserved.height);
    box.reserve_lines = 0;

    /* Text need not end in NUL: only `length` bytes are read. */
    cardsize_text_metrics prefix, dune;
    CHECK(cardsize_measure_text(measurer, "DuneXXXX", 4, &box, &prefix, &error) == CARDSIZE_OK, "%s", error.message);
    CHECK(cardsize_measure_text(measurer, "Dune", 4, &box, &dune, &error) == CARDSIZE_OK, "%s", error.message);
    CHECK(same_metrics(&prefix, &dune), "length bounds the text");

    /* Bad input: named, never a crash. */
    CHECK(cardsize_measure_text(NULL, "x", 1, &box, &dune, &error) == CARDSIZE_ERROR_INVALID_ARGUMENT
              && strcmp(error.field, "measurer") == 0, "NULL measurer: %s", error.message);
    CHECK(cardsize_measure_text(measurer, NULL, 3, &box, &dune, &error) == CARDSIZE_ERROR_INVALID_ARGUMENT
              && strcmp(error.field, "text") == 0, "NULL text: %s", error.message);
    CHECK(cardsize_measure_text(measurer, NULL, 0, &box, &dune, &error) == CARDSIZE_OK && dune.line_count == 0 && dune.height == 0,
          "NULL with length 0 is the empty text");
    CHECK(cardsize_measure_text(measurer, "ok", 2, NULL, &dune, &error) == CARDSIZE_ERROR_INVALID_ARGUMENT
              && strcmp(error.field, "box") == 0, "NULL box");
    CHECK(cardsize_measure_text(measurer, "ok", 2, &box, NULL, &error) == CARDSIZE_ERROR_INVALID_ARGUMENT
              && strcmp(error.field, "metrics") == 0, "NULL metrics");
    CHECK(cardsize_measure_text(measurer, "ok", 2, &box, &dune, NULL) == CARDSIZE_OK, "NULL error is allowed");
    const char bad_utf8[] = "caf\xc3\x28 au lait";
    CHECK(cardsize_measure_text(measurer, bad_utf8, strlen(bad_utf8), &box, &dune, &error) == CARDSIZE_ERROR_INVALID_UTF8
              && strcmp(error.field, "text") == 0 && strstr(error.message, "byte 3") != NULL,
          "invalid UTF-8: %s", error.message);
    box.width = NAN;
    CHECK(cardsize_measure_text(measurer, "ok", 2, &box, &dune, &error) == CARDSIZE_ERROR_INVALID_ARGUMENT
              && strcmp(error.field, "width") == 0 && strstr(error.message, "nan") != NULL, "NaN width: %s", error.message);
    box.width = 127;
    box.max_lines = -1;
    CHECK(cardsize_measure_text(measurer, "ok", 2, &box, &dune, &error) == CARDSIZE_ERROR_INVALID_ARGUMENT
              && strcmp(error.field, "max_lines") == 0, "negative max_lines");
    box.max_lines = 0;
    cardsize_text_measurer_destroy(measurer);
    cardsize_text_measurer_destroy(NULL);
}

static void test_styles(void) {
    cardsize_text_style style;
    cardsize_text_style_init(&style);
    CHECK(style.size == 17 && style.scale == 1 && style.font_file_count == 0, "style defaults: the command line's");
    cardsize_error error;
    style.size = NAN;
    CHECK(cardsize_text_measurer_create(&style, 0, &error) == NULL && error.code == CARDSIZE_ERROR_INVALID_ARGUMENT
              && strcmp(error.field, "size") == 0, "NaN size: %s", error.message);
    style.size = 15;
    style.profile = (cardsize_profile)7;
    CHECK(cardsize_text_measurer_create(&style, 0, &error) == NULL && strcmp(error.field, "profile") == 0, "bad profile");
    style.profile = CARDSIZE_PROFILE_PANGO;
    const char *missing[] = {"/nonexistent/Missing.ttf"};
    style.font_files = missing;
    style.font_file_count = 1;
    CHECK(cardsize_text_measurer_create(&style, 0, &error) == NULL && error.code == CARDSIZE_ERROR_FONT
              && strstr(error.message, "Missing.ttf") != NULL, "missing font file: %s", error.message);
    /* A message longer than the error's 512 bytes is cut between characters, not inside one. */
    char long_path[1024] = "/nonexistent/";
    for (int i = 0; i < 300; i++) strcat(long_path, "\xe3\x81\x82"); /* あ */
    const char *long_name[] = {long_path};
    style.font_files = long_name;
    CHECK(cardsize_text_measurer_create(&style, 0, &error) == NULL && error.code == CARDSIZE_ERROR_FONT, "long path");
    size_t length = strlen(error.message);
    CHECK(length > 500 && length <= 511, "cut to fit: %zu bytes", length);
    for (size_t i = 0; i < length;) {
        unsigned char lead = (unsigned char)error.message[i];
        size_t width = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2;
        CHECK(i + width <= length, "the message ends inside a character at byte %zu", i);
        i += width;
    }
    style.font_files = NULL;
    CHECK(cardsize_text_measurer_create(&style, 0, &error) == NULL && strcmp(error.field, "font_files") == 0,
          "NULL font list with a count");
    CHECK(cardsize_text_measurer_create(NULL, 0, &error) == NULL && strcmp(error.field, "style") == 0, "NULL style");

    /* A font file by path, and the pango profile: Japanese measured with Noto Sans CJK. */
    const char *cjk[] = {"Fonts/NotoSansCJK-Regular.ttc#0"};
    style.font_files = cjk;
    style.language = "ja";
    cardsize_text_measurer *measurer = cardsize_text_measurer_create(&style, 64, &error);
    CHECK(measurer != NULL, "%s", error.message);
    cardsize_text_box box;
    cardsize_text_box_init(&box);
    box.width = 106; /* seven ideographs of 15 pt: the break would fall before 。 */
    const char *title = "吾輩は猫である。名前はまだ無い。";
    cardsize_text_metrics metrics;
    CHECK(cardsize_measure_text(measurer, title, strlen(title), &box, &metrics, &error) == CARDSIZE_OK, "%s", error.message);
    CHECK(metrics.line_count >= 3 && metrics.missing_glyphs == 0, "%d lines, %d missing", metrics.line_count,
          metrics.missing_glyphs);
    cardsize_text_line lines[8];
    size_t count;
    CHECK(cardsize_measure_text_lines(measurer, title, strlen(title), &box, lines, 8, &count, &error) == CARDSIZE_OK,
          "%s", error.message);
    for (size_t i = 0; i < count; i++) {
        CHECK(lines[i].start != 7 && lines[i].start != 15, "no line starts with 。 (line %zu at %lld)", i,
              (long long)lines[i].start);
    }
    cardsize_text_measurer_destroy(measurer);
}

static void test_text_batch(void) {
    cardsize_text_measurer *measurer = make_measurer(15, "en");
    enum { COUNT = 300 };
    const char *texts[COUNT];
    size_t lengths[COUNT];
    char storage[COUNT][64];
    for (int i = 0; i < COUNT; i++) {
        snprintf(storage[i], sizeof storage[i], "Title number %d of a batch, %s", i, i % 3 ? "long enough to wrap" : "short");
        texts[i] = storage[i];
        lengths[i] = strlen(storage[i]);
    }
    texts[17] = "bad \xff byte";
    lengths[17] = strlen(texts[17]);
    texts[40] = NULL;
    lengths[40] = 0; /* the empty text */
    cardsize_text_box box;
    cardsize_text_box_init(&box);
    box.width = 120;
    box.max_lines = 2;
    cardsize_text_metrics one[COUNT], two[COUNT];
    cardsize_status statuses[COUNT];
    cardsize_error errors[COUNT];
    cardsize_error error;
    CHECK(cardsize_measure_texts(measurer, texts, lengths, COUNT, &box, 1, one, statuses, errors, &error)
              == CARDSIZE_ERROR_INVALID_UTF8 && strstr(error.message, "texts[17]") != NULL,
          "the first failure is the call's: %s", error.message);
    for (int i = 0; i < COUNT; i++) {
        CHECK((statuses[i] == CARDSIZE_OK) == (i != 17), "status %d", i);
    }
    CHECK(errors[17].code == CARDSIZE_ERROR_INVALID_UTF8 && errors[16].code == CARDSIZE_OK, "per-text errors");
    CHECK(cardsize_measure_texts(measurer, texts, lengths, COUNT, &box, 2, two, statuses, NULL, NULL)
              == CARDSIZE_ERROR_INVALID_UTF8, "errors may be NULL");
    for (int i = 0; i < COUNT; i++) {
        CHECK(same_metrics(&one[i], &two[i]), "two threads give what one gives (text %d)", i);
    }
    for (int i = 0; i < COUNT; i += 37) {
        if (i == 17) continue;
        cardsize_text_metrics single;
        CHECK(cardsize_measure_text(measurer, texts[i], lengths[i], &box, &single, &error) == CARDSIZE_OK, "%s", error.message);
        CHECK(same_metrics(&single, &one[i]), "batch %d equals the single call", i);
    }
    CHECK(cardsize_measure_texts(measurer, texts, NULL, COUNT, &box, 0, one, statuses, NULL, &error)
              == CARDSIZE_ERROR_INVALID_ARGUMENT && strcmp(error.field, "lengths") == 0, "NULL lengths");
    CHECK(cardsize_measure_texts(measurer, texts, lengths, COUNT, &box, 5000, one, statuses, NULL, &error)
              == CARDSIZE_ERROR_INVALID_ARGUMENT && strcmp(error.field, "threads") == 0, "too many threads");
    CHECK(cardsize_measure_texts(measurer, NULL, NULL, 0, &box, 0, NULL, NULL, NULL, &error) == CARDSIZE_OK, "empty batch");
    cardsize_text_measurer_destroy(measurer);
}

typedef struct {
    size_t calls;
    size_t failures;
    char failed_field[64];
    char first_id[32];
    double first_height;
} catalog_tally;

static void tally(void *context, size_t index, const char *id, const cardsize_card_size *size, const cardsize_error *error) {
    catalog_tally *counts = context;
    CHECK(index == counts->calls, "records in input order");
    counts->calls++;
    if (error->code != CARDSIZE_OK) {
        counts->failures++;
        strcpy(counts->failed_field, error->field);
    } else if (index == 0) {
        snprintf(counts->first_id, sizeof counts->first_id, "%s", id);
        counts->first_height = size->height;
    }
}

static void test_cards(void) {
    cardsize_card_options options;
    cardsize_card_options_init(&options, CARDSIZE_LAYOUT_WATERFALL);
    CHECK(strcmp(options.template_name_or_json, "book-hug") == 0 && options.scale == 2, "a waterfall's card defaults");
    cardsize_card_options_init(&options, CARDSIZE_LAYOUT_GRID);
    CHECK(strcmp(options.template_name_or_json, "book") == 0 && options.scale == 2, "a grid's card defaults");
    cardsize_error error;
    cardsize_card_measurer *measurer = cardsize_card_measurer_create(&options, &error);
    CHECK(measurer != NULL, "%s", error.message);
    cardsize_record records[3] = {
        {"1", "The Hunger Games (The Hunger Games, #1)", "Suzanne Collins", 0, 0},
        {"2", "吾輩は猫である", "夏目漱石", 0, 0},
        {"3", "No author", NULL, 0, 0},
    };
    cardsize_card_size sizes[3];
    cardsize_status statuses[3];
    cardsize_error errors[3];
    CHECK(cardsize_measure_cards(measurer, records, 3, 127, 0, sizes, statuses, errors, &error) == CARDSIZE_ERROR_INVALID_ARGUMENT,
          "%s", error.message);
    CHECK(statuses[0] == CARDSIZE_OK && statuses[1] == CARDSIZE_OK && statuses[2] == CARDSIZE_ERROR_INVALID_ARGUMENT
              && strcmp(errors[2].field, "author") == 0 && strstr(errors[2].message, "'3'") != NULL,
          "the record without an author is named: %s", errors[2].message);
    CHECK(sizes[0].width == 127 && sizes[0].title_lines == 2 && sizes[1].title_lines == 1, "book cards: %d, %d title lines",
          sizes[0].title_lines, sizes[1].title_lines);
    CHECK(sizes[0].height == sizes[1].height, "the book template reserves two title lines: %f vs %f", sizes[0].height,
          sizes[1].height);
    CHECK(cardsize_measure_cards(measurer, records, 2, NAN, 0, sizes, statuses, NULL, &error) == CARDSIZE_ERROR_INVALID_ARGUMENT
              && strcmp(error.field, "width") == 0, "NaN width");
    records[0].image_width = NAN;
    records[0].image_height = 100;
    CHECK(cardsize_measure_cards(measurer, records, 1, 127, 1, sizes, statuses, NULL, &error) == CARDSIZE_ERROR_INVALID_ARGUMENT
              && strcmp(error.field, "image_width") == 0, "NaN cover: %s", error.message);
    records[0].image_width = 0;
    records[0].image_height = 0;

    /* A catalog file, as `cardsize measure` reads it: a bad record reported in place. */
    char path[] = "/tmp/cardsize-c-test-XXXXXX.csv";
    int descriptor = mkstemps(path, 4);
    CHECK(descriptor >= 0, "temporary file");
    FILE *file = fdopen(descriptor, "w");
    fputs("id,title,author\n1,Kokoro,Natsume Soseki\n,No id,A\n3,\"Dune, Messiah\",Frank Herbert\n", file);
    fclose(file);
    catalog_tally counts = {0};
    CHECK(cardsize_measure_catalog(measurer, path, 127, 2, tally, &counts, &error) == CARDSIZE_OK, "%s", error.message);
    CHECK(counts.calls == 3 && counts.failures == 1 && strcmp(counts.failed_field, "id") == 0, "%zu calls, %zu failures",
          counts.calls, counts.failures);
    CHECK(strcmp(counts.first_id, "1") == 0 && counts.first_height > 127, "first card %s: %f", counts.first_id,
          counts.first_height);
    remove(path);
    CHECK(cardsize_measure_catalog(measurer, "/nonexistent.csv", 127, 0, tally, &counts, &error) == CARDSIZE_ERROR_RECORD
              && strcmp(error.field, "path") == 0, "missing catalog: %s", error.message);
    CHECK(cardsize_measure_catalog(measurer, path, 127, 0, NULL, NULL, &error) == CARDSIZE_ERROR_INVALID_ARGUMENT
              && strcmp(error.field, "callback") == 0, "NULL callback");
    cardsize_card_measurer_destroy(measurer);

    /* Templates: the hugging book card, and JSON that does not read. */
    options.template_name_or_json = "book-hug";
    measurer = cardsize_card_measurer_create(&options, &error);
    CHECK(measurer != NULL, "%s", error.message);
    CHECK(cardsize_measure_cards(measurer, records, 2, 127, 1, sizes, statuses, NULL, &error) == CARDSIZE_OK, "%s", error.message);
    CHECK(sizes[0].height > sizes[1].height, "hugging titles: two lines are taller than one");
    cardsize_card_measurer_destroy(measurer);
    options.template_name_or_json = "{\"elements\": [";
    CHECK(cardsize_card_measurer_create(&options, &error) == NULL && error.code == CARDSIZE_ERROR_TEMPLATE,
          "bad template: %s", error.message);
    options.template_name_or_json = NULL;
    CHECK(cardsize_card_measurer_create(&options, &error) == NULL && strcmp(error.field, "template_name_or_json") == 0,
          "NULL template");
    cardsize_card_options_init(&options, CARDSIZE_LAYOUT_GRID);
    options.scale = INFINITY;
    CHECK(cardsize_card_measurer_create(&options, &error) == NULL && strcmp(error.field, "scale") == 0,
          "infinite scale");
}

/* Whether two frames share more than an edge (fractional panels may overlap by rounding). */
static int overlaps(cardsize_rect a, cardsize_rect b) {
    const double e = 1e-9;
    return a.x + e < b.x + b.width && b.x + e < a.x + a.width && a.y + e < b.y + b.height && b.y + e < a.y + a.height;
}

/* The rect query's rule: frames that intersect the rect, edges included. */
static int intersects(cardsize_rect a, cardsize_rect b) {
    return a.x <= b.x + b.width && b.x <= a.x + a.width && a.y <= b.y + b.height && b.y <= a.y + a.height;
}

/* Sections (2.1): NULL is one section; sections of 100 with a header and footer each stack
   the layouts of their own items, every item once, its index the caller's. */
static void test_layout_sections(cardsize_layout_options *options, const double *heights, size_t count) {
    cardsize_error error;
    cardsize_layout_sections sections;
    cardsize_layout_sections_init(&sections);
    CHECK(sections.section_size == 0 && sections.header_height == 0 && sections.footer_height == 0,
          "sections' defaults: one section, no header or footer");
    options->kind = CARDSIZE_LAYOUT_WATERFALL;
    cardsize_layout *one = cardsize_layout_create(options, heights, NULL, count, &error);
    cardsize_layout *same = cardsize_layout_create_sections(options, NULL, heights, NULL, count, &error);
    double one_width, one_height, same_width, same_height;
    cardsize_layout_content_size(one, &one_width, &one_height);
    cardsize_layout_content_size(same, &same_width, &same_height);
    CHECK(same != NULL && one_height == same_height && cardsize_layout_element_count(same) == count,
          "NULL sections: one section");
    sections.section_size = 100;
    sections.header_height = 20;
    sections.footer_height = 10;
    cardsize_layout *cut = cardsize_layout_create_sections(options, &sections, heights, NULL, count, &error);
    CHECK(cut != NULL, "sections: %s", error.message);
    size_t elements = cardsize_layout_element_count(cut), headers = 0, footers = 0, items = 0;
    cardsize_element *all = calloc(elements, sizeof *all);
    CHECK(cardsize_layout_elements(cut, all, elements, &elements, &error) == CARDSIZE_OK, "%s", error.message);
    double expected_height = 0;
    for (size_t start = 0; start < count; start += 100) {
        cardsize_layout *section = cardsize_layout_create(options, heights + start, NULL, 100, &error);
        double width, height;
        cardsize_layout_content_size(section, &width, &height);
        expected_height += height + 30;
        cardsize_layout_destroy(section);
    }
    for (size_t i = 0; i < elements; i++) {
        headers += all[i].kind == CARDSIZE_ELEMENT_HEADER && all[i].frame.height == 20 && all[i].index == -1;
        footers += all[i].kind == CARDSIZE_ELEMENT_FOOTER && all[i].frame.height == 10 && all[i].index == -1;
        items += all[i].kind == CARDSIZE_ELEMENT_ITEM && all[i].frame.height == heights[all[i].index];
    }
    double cut_width, cut_height;
    cardsize_layout_content_size(cut, &cut_width, &cut_height);
    CHECK(headers == count / 100 && footers == count / 100 && items == count, "a header and a footer per section");
    CHECK(cut_height == expected_height, "sections stack: %.17g, not %.17g", cut_height, expected_height);
    free(all);
    cardsize_layout_destroy(cut);
    cardsize_layout_destroy(same);
    cardsize_layout_destroy(one);
    sections.header_height = -1;
    CHECK(cardsize_layout_create_sections(options, &sections, heights, NULL, count, &error) == NULL
              && strcmp(error.field, "header_height") == 0, "negative header: %s", error.message);
    sections.header_height = 20;
    options->kind = CARDSIZE_LAYOUT_COMPOSITIONAL;
    CHECK(cardsize_layout_create_sections(options, &sections, heights, NULL, count, &error) == NULL
              && strcmp(error.field, "sections") == 0, "compositional sections: %s", error.message);
    options->kind = CARDSIZE_LAYOUT_WATERFALL;
}

static void test_layouts(void) {
    enum { COUNT = 500 };
    double heights[COUNT], widths[COUNT];
    for (int i = 0; i < COUNT; i++) {
        heights[i] = 150 + (i * 37) % 120;
        widths[i] = 40 + (i * 13) % 90;
    }
    cardsize_layout_options options, waterfall;
    cardsize_layout_options_init(&options, CARDSIZE_LAYOUT_GRID);
    CHECK(options.width == 414 && options.height == 896 && options.scale == 2 && options.columns == 3
              && options.column_gap == 8 && options.row_gap == 8 && options.inset_top == 8 && options.inset_right == 8,
          "a grid's defaults: the command line's");
    cardsize_layout_options_init(&waterfall, CARDSIZE_LAYOUT_WATERFALL);
    CHECK(waterfall.kind == CARDSIZE_LAYOUT_WATERFALL && waterfall.columns == 2 && waterfall.column_gap == 10
              && waterfall.row_gap == 10 && waterfall.inset_left == 0, "a waterfall's defaults: the command line's");
    /* The layouts below: two columns on a 390 pt screen @3x, gaps of 8, no insets. */
    options.width = 390;
    options.height = 844;
    options.scale = 3;
    options.columns = 2;
    options.inset_top = options.inset_left = options.inset_bottom = options.inset_right = 0;
    cardsize_error error;
    cardsize_layout_kind kinds[] = {CARDSIZE_LAYOUT_GRID, CARDSIZE_LAYOUT_WATERFALL, CARDSIZE_LAYOUT_TAG_FLOW,
                                    CARDSIZE_LAYOUT_COMPOSITIONAL};
    for (int k = 0; k < 4; k++) {
        options.kind = kinds[k];
        double item_width = 0;
        cardsize_status width_status = cardsize_layout_item_width(&options, &item_width, &error);
        if (kinds[k] == CARDSIZE_LAYOUT_GRID || kinds[k] == CARDSIZE_LAYOUT_WATERFALL) {
            CHECK(width_status == CARDSIZE_OK && item_width == 191, "two columns of 191 pt at @3x: %f", item_width);
        } else {
            CHECK(width_status == CARDSIZE_ERROR_INVALID_ARGUMENT && strcmp(error.field, "kind") == 0, "no item width");
        }
        cardsize_layout *layout =
            cardsize_layout_create(&options, heights, kinds[k] == CARDSIZE_LAYOUT_TAG_FLOW ? widths : NULL, COUNT, &error);
        CHECK(layout != NULL, "layout %d: %s", k, error.message);
        size_t count = cardsize_layout_element_count(layout);
        CHECK(count == COUNT, "one element per item: %zu", count);
        cardsize_element *elements = malloc(sizeof *elements * count);
        CHECK(cardsize_layout_elements(layout, elements, count, &count, &error) == CARDSIZE_OK, "%s", error.message);
        double content_width, content_height;
        cardsize_layout_content_size(layout, &content_width, &content_height);
        CHECK(content_width == 390 && content_height > 0, "content %f × %f", content_width, content_height);
        char seen[COUNT] = {0};
        for (size_t i = 0; i < count; i++) {
            CHECK(elements[i].kind == CARDSIZE_ELEMENT_ITEM && elements[i].index >= 0 && elements[i].index < COUNT
                      && !seen[elements[i].index], "layout %d: element %zu is an item of its own", k, i);
            seen[elements[i].index] = 1;
            CHECK(elements[i].frame.x >= 0 && elements[i].frame.x + elements[i].frame.width <= 390.0001
                      && elements[i].frame.y + elements[i].frame.height <= content_height + 0.0001,
                  "element %zu inside the content", i);
            if (kinds[k] != CARDSIZE_LAYOUT_COMPOSITIONAL) {
                CHECK(elements[i].frame.height == heights[elements[i].index], "layout %d keeps item %zu's height", k, i);
            }
            for (size_t j = i + 1; j < count && j < i + 8; j++) {
                CHECK(!overlaps(elements[i].frame, elements[j].frame), "layout %d: items %zu and %zu overlap: (%.17g %.17g %.17g %.17g) (%.17g %.17g %.17g %.17g)", k, i, j, elements[i].frame.x, elements[i].frame.y, elements[i].frame.width, elements[i].frame.height, elements[j].frame.x, elements[j].frame.y, elements[j].frame.width, elements[j].frame.height);
            }
        }
        /* A viewport's query gives exactly the elements a scan finds. */
        cardsize_rect viewport = {0, content_height / 2, 390, 844};
        cardsize_element found[COUNT];
        size_t found_count = 0;
        CHECK(cardsize_layout_query(layout, viewport, found, COUNT, &found_count, &error) == CARDSIZE_OK, "%s", error.message);
        size_t expected = 0;
        for (size_t i = 0; i < count; i++) {
            if (intersects(elements[i].frame, viewport)) {
                CHECK(expected < found_count && found[expected].index == elements[i].index, "query finds element %zu", i);
                expected++;
            }
        }
        CHECK(expected == found_count && expected > 0, "query: %zu found, %zu expected", found_count, expected);
        CHECK(cardsize_layout_query(layout, viewport, found, 1, &found_count, &error) == CARDSIZE_ERROR_BUFFER_TOO_SMALL
                  && error.needed == expected, "too small a buffer");
        viewport.y = NAN;
        CHECK(cardsize_layout_query(layout, viewport, found, COUNT, &found_count, &error) == CARDSIZE_ERROR_INVALID_ARGUMENT
                  && strcmp(error.field, "rect.y") == 0, "NaN rect");
        free(elements);
        cardsize_layout_destroy(layout);
    }
    options.kind = CARDSIZE_LAYOUT_TAG_FLOW;
    CHECK(cardsize_layout_create(&options, heights, NULL, COUNT, &error) == NULL && strcmp(error.field, "widths") == 0,
          "tag flow needs widths");
    options.kind = CARDSIZE_LAYOUT_WATERFALL;
    heights[1] = NAN;
    CHECK(cardsize_layout_create(&options, heights, NULL, COUNT, &error) == NULL && strcmp(error.field, "heights[1]") == 0,
          "NaN height: %s", error.message);
    heights[1] = 100;
    options.columns = 0;
    CHECK(cardsize_layout_create(&options, heights, NULL, COUNT, &error) == NULL && error.code == CARDSIZE_ERROR_LAYOUT,
          "no columns: %s", error.message);
    options.columns = 2;
    options.kind = (cardsize_layout_kind)9;
    CHECK(cardsize_layout_create(&options, heights, NULL, COUNT, &error) == NULL && strcmp(error.field, "kind") == 0,
          "unknown kind");
    CHECK(cardsize_layout_create(NULL, heights, NULL, COUNT, &error) == NULL && strcmp(error.field, "options") == 0,
          "NULL options");
    CHECK(cardsize_layout_element_count(NULL) == 0, "NULL layout has no elements");
    cardsize_layout_destroy(NULL);
    test_layout_sections(&options, heights, COUNT);
}

/* ---- Record columns (Arrow) ---- */

typedef struct {
    size_t calls;
    size_t row;
    char field[64];
    char message[512];
} column_failures;

static void column_failure(void *context, size_t row, const char *id, const cardsize_card_size *size,
                           const cardsize_error *error) {
    column_failures *failures = context;
    failures->calls++;
    failures->row = row;
    CHECK(id[0] == 0 && size->height == 0, "a null id names no id: '%s'", id);
    snprintf(failures->field, sizeof failures->field, "%s", error->field);
    snprintf(failures->message, sizeof failures->message, "%s", error->message);
}

static void test_record_columns(void) {
    cardsize_card_options options;
    cardsize_card_options_init(&options, CARDSIZE_LAYOUT_GRID);
    cardsize_error error;
    cardsize_card_measurer *measurer = cardsize_card_measurer_create(&options, &error);
    CHECK(measurer != NULL, "%s", error.message);
    /* Three records from the second row of Arrow arrays (a slice): the ids with a null, the
       titles with 64-bit offsets (large_utf8), the authors with a null (read as empty). */
    const char ids[] = "x12";
    const int32_t id_offsets[] = {0, 1, 2, 2, 3};
    const uint8_t id_validity[] = {0x0B}; /* rows 0, 1 and 3 valid: row 2 (the slice's second) null */
    const char titles[] = "skipThe Hunger Games (The Hunger Games, #1)吾輩は猫であるNo id";
    const int64_t title_offsets[] = {0, 4, 43, 64, 69};
    const char authors[] = "Suzanne Collins夏目漱石";
    const int32_t author_offsets[] = {0, 0, 15, 27, 27};
    const uint8_t author_validity[] = {0x07};
    cardsize_record_columns columns = {
        .id = {"id", id_offsets, 4, (const uint8_t *)ids, 3, id_validity, 1},
        .title = {"title", title_offsets, 8, (const uint8_t *)titles, 69, NULL, 1},
        .author = {"author", author_offsets, 4, (const uint8_t *)authors, 27, author_validity, 1},
    };
    double widths[3], heights[3], slack[3];
    int32_t lines[3];
    uint8_t truncated[3], failed[3];
    cardsize_card_columns sizes = {widths, heights, lines, truncated, slack, failed};
    column_failures failures = {0};
    CHECK(cardsize_measure_columns(measurer, &columns, 3, 127, 2, &sizes, column_failure, &failures, &error) == CARDSIZE_OK,
          "%s", error.message);
    CHECK(failed[0] == 0 && failed[1] == 1 && failed[2] == 0, "the null id fails: %d %d %d", failed[0], failed[1], failed[2]);
    CHECK(failures.calls == 1 && failures.row == 1 && strcmp(failures.field, "id") == 0
              && strcmp(failures.message, "empty id") == 0, "the error record's field and error: %s: %s",
          failures.field, failures.message);
    /* The same records through cardsize_measure_cards: the same sizes. */
    cardsize_record records[2] = {
        {"1", "The Hunger Games (The Hunger Games, #1)", "Suzanne Collins", 0, 0},
        {"2", "No id", "", 0, 0},
    };
    cardsize_card_size expected[2];
    cardsize_status statuses[2];
    CHECK(cardsize_measure_cards(measurer, records, 2, 127, 1, expected, statuses, NULL, &error) == CARDSIZE_OK, "%s",
          error.message);
    CHECK(widths[0] == expected[0].width && heights[0] == expected[0].height && lines[0] == expected[0].title_lines
              && truncated[0] == expected[0].title_truncated && slack[0] == expected[0].title_slack,
          "row 0 as a record: %f vs %f", heights[0], expected[0].height);
    CHECK(heights[2] == expected[1].height && lines[2] == expected[1].title_lines, "row 2 as a record");
    /* Offsets past the data, a NULL column and a NULL result column are refused, naming them. */
    columns.author.data_length = 20;
    CHECK(cardsize_measure_columns(measurer, &columns, 3, 127, 0, &sizes, NULL, NULL, &error) == CARDSIZE_ERROR_INVALID_ARGUMENT
              && strcmp(error.field, "author.offsets") == 0, "offsets past the data: %s", error.message);
    columns.author.data_length = 27;
    columns.title.offsets = NULL;
    CHECK(cardsize_measure_columns(measurer, &columns, 3, 127, 0, &sizes, NULL, NULL, &error) == CARDSIZE_ERROR_INVALID_ARGUMENT
              && strcmp(error.field, "title.offsets") == 0, "NULL offsets: %s", error.message);
    columns.title.offsets = title_offsets;
    sizes.failed = NULL;
    CHECK(cardsize_measure_columns(measurer, &columns, 3, 127, 0, &sizes, NULL, NULL, &error) == CARDSIZE_ERROR_INVALID_ARGUMENT
              && strcmp(error.field, "sizes.failed") == 0, "NULL result column: %s", error.message);
    cardsize_card_measurer_destroy(measurer);
}

int main(void) {
    test_version();
    test_text();
    test_styles();
    test_text_batch();
    test_cards();
    test_layouts();
    test_record_columns();
    printf("C interface: %d checks passed (%s)\n", checks, cardsize_version());
    return 0;
}
