/*
 * pango-reference: measure text with Pango so that the Swift text engine can
 * be compared with it line by line.
 *
 * Reads one JSON request per line on stdin and writes one JSON result per line
 * on stdout, in the same order (README.md has the schema).  Pango is set up to
 * see exactly the font files named in the request (no system fonts, no
 * fontconfig rules), unhinted, with fractional glyph positions, so that a
 * difference from our engine comes from layout logic, not from font setup.
 *
 *   pango-reference [--time] < requests.jsonl > results.jsonl
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <fontconfig/fontconfig.h>
#include <json-glib/json-glib.h>
#include <pango/pangofc-fontmap.h>
#include <pango/pangoft2.h>

/* Everything that depends only on the "fonts" list.  A font map is costly to
 * build (fontconfig scans the files, Pango starts a thread) and a run sends
 * thousands of requests with the same list, so these are cached. */
typedef struct {
    PangoContext *context;
    PangoLayout *layout;        /* configured from each request */
    PangoLayout *natural;       /* always width -1, never ellipsized */
    PangoFontDescription *desc; /* the families; the size is set per request */
    PangoLanguage *language;    /* language currently set on the context */
} FontSet;

typedef struct {
    const char *text, *lang;
    JsonArray *fonts;
    double size, width, line_spacing;
    int max_lines;
    gboolean ellipsize;
} Request;

static GHashTable *fontsets; /* "font1\nfont2\n..." -> FontSet */
static gint64 layout_ns;     /* time spent in Pango layout, for --time */

static gint64 now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (gint64)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* ---- Output ------------------------------------------------------------ */

static void append_json_string(GString *out, const char *str) {
    char *valid = g_utf8_make_valid(str, -1); /* errors may quote bad input */
    g_string_append_c(out, '"');
    for (const unsigned char *s = (const unsigned char *)valid; *s; s++) {
        if (*s == '"' || *s == '\\')
            g_string_append_printf(out, "\\%c", *s);
        else if (*s < 0x20)
            g_string_append_printf(out, "\\u%04x", *s);
        else
            g_string_append_c(out, (char)*s);
    }
    g_string_append_c(out, '"');
    g_free(valid);
}

/* Pango units are 1/1024 px, so every value is a short binary fraction that
 * "%.17g" prints exactly (40.5546875, not 40.55); g_ascii_formatd keeps the
 * decimal point a '.' whatever the locale. */
static void append_px(GString *out, int units) {
    char buf[G_ASCII_DTOSTR_BUF_SIZE];
    g_string_append(out, g_ascii_formatd(buf, sizeof buf, "%.17g", units / (double)PANGO_SCALE));
}

static void append_px_array(GString *out, const char *name, const int *units, int n) {
    g_string_append_printf(out, ",\"%s\":[", name);
    for (int i = 0; i < n; i++) {
        if (i) g_string_append_c(out, ',');
        append_px(out, units[i]);
    }
    g_string_append_c(out, ']');
}

static void append_id(GString *out, JsonNode *id) {
    g_string_append(out, "{\"id\":");
    if (!id) {
        g_string_append(out, "null");
    } else if (JSON_NODE_HOLDS_VALUE(id) && json_node_get_value_type(id) == G_TYPE_DOUBLE) {
        /* json-glib would print 0.1 as 0.10000000000000001; echo the
         * shortest form that reads back as the same number instead. */
        double v = json_node_get_double(id);
        char buf[G_ASCII_DTOSTR_BUF_SIZE], format[8];
        for (int digits = 1; digits <= 17; digits++) {
            g_snprintf(format, sizeof format, "%%.%dg", digits);
            if (g_ascii_strtod(g_ascii_formatd(buf, sizeof buf, format, v), NULL) == v) break;
        }
        g_string_append(out, buf);
    } else {
        char *s = json_to_string(id, FALSE);
        g_string_append(out, s);
        g_free(s);
    }
}

static void append_error(GString *out, JsonNode *id, const char *message) {
    append_id(out, id);
    g_string_append(out, ",\"error\":");
    append_json_string(out, message);
    g_string_append(out, "}\n");
}

/* ---- Fonts ------------------------------------------------------------- */

/* Hinting would round advances and metrics to whole pixels; our engine
 * measures unhinted outlines, so turn it off on every pattern. */
static void substitute(FcPattern *pattern, gpointer data G_GNUC_UNUSED) {
    FcPatternDel(pattern, FC_HINTING);
    FcPatternAddBool(pattern, FC_HINTING, FcFalse);
    FcPatternDel(pattern, FC_HINT_STYLE);
    FcPatternAddInteger(pattern, FC_HINT_STYLE, FC_HINT_NONE);
    FcPatternDel(pattern, FC_ANTIALIAS);
    FcPatternAddBool(pattern, FC_ANTIALIAS, FcTrue);
}

/* "path.ttc#2" -> "path.ttc", face 2.  A '#' not followed by digits only is
 * part of the file name. */
static char *split_face(const char *spec, int *face) {
    const char *hash = strrchr(spec, '#');
    size_t digits = hash ? strlen(hash + 1) : 0;
    *face = 0;
    if (digits > 0 && digits < 6 && strspn(hash + 1, "0123456789") == digits) {
        *face = atoi(hash + 1);
        return g_strndup(spec, hash - spec);
    }
    return g_strdup(spec);
}

/* FcConfigAppFontAddFile adds every face of a collection (all ten of
 * NotoSansCJK-Regular.ttc).  Drop the faces that were not asked for, so that
 * "#N" means face N only, for fallback too.  (Variable fonts keep the named
 * instance in the high 16 bits of FC_INDEX.) */
static void keep_only_wanted_faces(FcConfig *config, GHashTable *wanted) {
    FcFontSet *set = FcConfigGetFonts(config, FcSetApplication);
    int kept = 0;
    for (int i = 0; set && i < set->nfont; i++) {
        FcChar8 *file = (FcChar8 *)"";
        int index = 0;
        FcPatternGetString(set->fonts[i], FC_FILE, 0, &file);
        FcPatternGetInteger(set->fonts[i], FC_INDEX, 0, &index);
        char *key = g_strdup_printf("%s#%d", file, index & 0xffff);
        if (g_hash_table_contains(wanted, key))
            set->fonts[kept++] = set->fonts[i];
        else
            FcPatternDestroy(set->fonts[i]);
        g_free(key);
    }
    if (set) set->nfont = kept;
}

/* Builds the Pango objects for a fonts list, or returns NULL and sets *error
 * to a message naming the entry that failed. */
static FontSet *fontset_new(JsonArray *fonts, char **error) {
    FcConfig *config = FcConfigCreate(); /* empty: no conf files, no system fonts */
    GHashTable *wanted = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    GHashTable *added = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    GString *families = g_string_new(NULL);
    FontSet *fs = NULL;

    for (guint i = 0; i < json_array_get_length(fonts) && !*error; i++) {
        const char *spec = json_array_get_string_element(fonts, i);
        int face, count = 0;
        char *path = split_face(spec, &face);
        char *abs = realpath(path, NULL);
        FcPattern *pattern = NULL;
        FcChar8 *family;

        if (!abs)
            *error = g_strdup_printf("fonts[%u]: cannot open \"%s\": %s", i, path, g_strerror(errno));
        else if (!(pattern = FcFreeTypeQuery((FcChar8 *)abs, face, NULL, &count)))
            *error = g_strdup_printf("fonts[%u]: \"%s\" has no loadable face %d", i, spec, face);
        else if (FcPatternGetString(pattern, FC_FAMILY, 0, &family) != FcResultMatch)
            *error = g_strdup_printf("fonts[%u]: \"%s\" has no family name", i, spec);
        else if (!g_hash_table_contains(added, abs) && !FcConfigAppFontAddFile(config, (FcChar8 *)abs))
            *error = g_strdup_printf("fonts[%u]: fontconfig cannot add \"%s\"", i, spec);
        else {
            /* Pango splits the family on ',' and fontconfig ranks the fonts
             * by that order, so the listed order is the fallback order. */
            g_string_append_printf(families, "%s%s", families->len ? "," : "", (char *)family);
            g_hash_table_add(wanted, g_strdup_printf("%s#%d", abs, face));
            g_hash_table_add(added, g_strdup(abs));
        }
        if (pattern) FcPatternDestroy(pattern);
        free(abs);
        g_free(path);
    }

    if (!*error) {
        keep_only_wanted_faces(config, wanted);
        PangoFontMap *fontmap = pango_ft2_font_map_new();
        pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(fontmap), config);
        /* pango_ft2_font_map_set_default_substitute is deprecated since 1.48
         * and only forwards to this. */
        pango_fc_font_map_set_default_substitute(PANGO_FC_FONT_MAP(fontmap), substitute, NULL, NULL);

        fs = g_new0(FontSet, 1);
        fs->context = pango_font_map_create_context(fontmap);
        g_object_unref(fontmap); /* the context keeps it */
        /* The default (TRUE) rounds every glyph position to whole pixels. */
        pango_context_set_round_glyph_positions(fs->context, FALSE);
        fs->language = pango_language_from_string("en");
        pango_context_set_language(fs->context, fs->language);
        fs->desc = pango_font_description_new();
        pango_font_description_set_family(fs->desc, families->str);
        fs->layout = pango_layout_new(fs->context);
        fs->natural = pango_layout_new(fs->context);
        /* Break between words; inside a word only when it fits nowhere else. */
        pango_layout_set_wrap(fs->layout, PANGO_WRAP_WORD_CHAR);
    }
    FcConfigDestroy(config); /* the font map holds its own reference */
    g_hash_table_unref(wanted);
    g_hash_table_unref(added);
    g_string_free(families, TRUE);
    return fs;
}

static void fontset_free(gpointer data) {
    FontSet *fs = data;
    g_object_unref(fs->layout);
    g_object_unref(fs->natural);
    g_object_unref(fs->context);
    pango_font_description_free(fs->desc);
    g_free(fs);
}

static FontSet *fontset_get(JsonArray *fonts, char **error) {
    GString *key = g_string_new(NULL);
    for (guint i = 0; i < json_array_get_length(fonts); i++)
        g_string_append_printf(key, "%s\n", json_array_get_string_element(fonts, i));
    FontSet *fs = g_hash_table_lookup(fontsets, key->str);
    if (!fs && (fs = fontset_new(fonts, error)))
        g_hash_table_insert(fontsets, g_strdup(key->str), fs);
    g_string_free(key, TRUE);
    return fs;
}

/* ---- Requests ---------------------------------------------------------- */

static gboolean holds(JsonNode *node, GType type) {
    return node && JSON_NODE_HOLDS_VALUE(node) && json_node_get_value_type(node) == type;
}

/* Reads an optional number; absent or null leaves *value alone. */
static gboolean get_number(JsonObject *obj, const char *name, double *value) {
    JsonNode *node = json_object_get_member(obj, name);
    if (!node || JSON_NODE_HOLDS_NULL(node)) return TRUE;
    if (!holds(node, G_TYPE_INT64) && !holds(node, G_TYPE_DOUBLE)) return FALSE;
    *value = json_node_get_double(node);
    return isfinite(*value);
}

/* Checks a request; returns an error message naming the field, or NULL. */
static char *parse_request(JsonObject *obj, Request *rq) {
    JsonNode *node;
    double size = NAN, max_lines = 0;
    *rq = (Request){.ellipsize = TRUE, .lang = "en"};

    node = json_object_get_member(obj, "text");
    if (!holds(node, G_TYPE_STRING)) return g_strdup("text: missing or not a string");
    rq->text = json_node_get_string(node);
    if (!g_utf8_validate(rq->text, -1, NULL)) return g_strdup("text: not valid UTF-8");

    if (!get_number(obj, "size", &size) || !(size > 0))
        return g_strdup("size: missing or not a positive number");
    rq->size = size;
    if (!get_number(obj, "width", &rq->width) || rq->width < 0)
        return g_strdup("width: not a non-negative number");
    if (!get_number(obj, "line_spacing", &rq->line_spacing) || rq->line_spacing < 0)
        return g_strdup("line_spacing: not a non-negative number");
    if (!get_number(obj, "max_lines", &max_lines) || max_lines < 0 || max_lines > INT_MAX ||
        max_lines != floor(max_lines))
        return g_strdup("max_lines: not a non-negative integer");
    rq->max_lines = (int)max_lines;

    node = json_object_get_member(obj, "ellipsize");
    if (node && !JSON_NODE_HOLDS_NULL(node)) {
        if (!holds(node, G_TYPE_BOOLEAN)) return g_strdup("ellipsize: not a boolean");
        rq->ellipsize = json_node_get_boolean(node);
    }
    node = json_object_get_member(obj, "language");
    if (node && !JSON_NODE_HOLDS_NULL(node)) {
        if (!holds(node, G_TYPE_STRING)) return g_strdup("language: not a string");
        rq->lang = json_node_get_string(node);
    }

    node = json_object_get_member(obj, "fonts");
    if (!node || !JSON_NODE_HOLDS_ARRAY(node) || !json_array_get_length(json_node_get_array(node)))
        return g_strdup("fonts: missing or not a non-empty array of font file paths");
    rq->fonts = json_node_get_array(node);
    for (guint i = 0; i < json_array_get_length(rq->fonts); i++)
        if (!holds(json_array_get_element(rq->fonts, i), G_TYPE_STRING))
            return g_strdup_printf("fonts[%u]: not a string", i);
    return NULL;
}

static void measure(FontSet *fs, const Request *rq, JsonNode *id, GString *out) {
    PangoLayout *layout = fs->layout;
    PangoRectangle logical;

    /* The language steers font fallback and a few line-breaking rules. */
    PangoLanguage *language = pango_language_from_string(rq->lang);
    if (language != fs->language) {
        fs->language = language;
        pango_context_set_language(fs->context, language);
        pango_layout_context_changed(fs->layout);
        pango_layout_context_changed(fs->natural);
    }
    /* Pango keeps sizes in whole 1/1024 px and would truncate; round. */
    pango_font_description_set_absolute_size(fs->desc, round(rq->size * PANGO_SCALE));
    pango_layout_set_font_description(layout, fs->desc); /* a no-op when unchanged */
    pango_layout_set_font_description(fs->natural, fs->desc);

    int width = rq->width > 0 ? (int)lround(rq->width * PANGO_SCALE) : -1;
    gboolean ellipsize = rq->max_lines > 0 && rq->ellipsize;
    pango_layout_set_width(layout, width);
    /* A negative height means at most that many lines per paragraph. */
    pango_layout_set_height(layout, ellipsize ? -rq->max_lines : -1);
    pango_layout_set_ellipsize(layout, ellipsize ? PANGO_ELLIPSIZE_END : PANGO_ELLIPSIZE_NONE);
    pango_layout_set_line_spacing(layout, (float)rq->line_spacing);

    gint64 t0 = now_ns();
    pango_layout_set_text(layout, rq->text, -1);
    int count = pango_layout_get_line_count(layout);
    /* Without ellipsis, max_lines only cuts the report; Pango lays out all. */
    int shown = rq->max_lines > 0 && !rq->ellipsize ? MIN(count, rq->max_lines) : count;
    int *starts = g_newa(int, shown), *widths = g_newa(int, shown), *heights = g_newa(int, shown);
    glong offset = 0;
    int prev_index = 0;
    GSList *l = pango_layout_get_lines_readonly(layout);
    for (int i = 0; i < shown; i++, l = l->next) {
        PangoLayoutLine *line = l->data;
        /* start_index counts UTF-8 bytes; the engine counts code points. */
        offset += g_utf8_pointer_to_offset(rq->text + prev_index, rq->text + line->start_index);
        prev_index = line->start_index;
        pango_layout_line_get_extents(line, NULL, &logical);
        starts[i] = (int)offset;
        widths[i] = logical.width;
        heights[i] = logical.height;
    }
    int height = 0;
    if (shown < count) {
        /* The layout cut after `shown` lines ends at the bottom of the last
         * one: the sum of their heights, unless line_spacing is set. */
        PangoLayoutIter *iter = pango_layout_get_iter(layout);
        for (int i = 1; i < shown; i++) pango_layout_iter_next_line(iter);
        pango_layout_iter_get_line_extents(iter, NULL, &logical);
        height = logical.y + logical.height;
        pango_layout_iter_free(iter);
    }
    pango_layout_get_extents(layout, NULL, &logical);
    if (shown == count) height = logical.height;
    gboolean truncated = pango_layout_is_ellipsized(layout);
    int natural = logical.width; /* already natural when nothing wraps */
    if (width != -1) {
        pango_layout_set_text(fs->natural, rq->text, -1);
        pango_layout_get_extents(fs->natural, NULL, &logical);
        natural = logical.width;
    }
    layout_ns += now_ns() - t0;

    append_id(out, id);
    g_string_append_printf(out, ",\"lines\":%d,\"starts\":[", shown);
    for (int i = 0; i < shown; i++) g_string_append_printf(out, i ? ",%d" : "%d", starts[i]);
    g_string_append_c(out, ']');
    append_px_array(out, "widths", widths, shown);
    append_px_array(out, "heights", heights, shown);
    g_string_append(out, ",\"height\":");
    append_px(out, height);
    g_string_append_printf(out, ",\"truncated\":%s,\"natural_width\":", truncated ? "true" : "false");
    append_px(out, natural);
    g_string_append(out, "}\n");
}

static void handle_line(JsonParser *parser, const char *line, gsize len, GString *out) {
    GError *error = NULL;
    JsonNode *root, *id = NULL;
    char *message = NULL;
    Request rq;

    if (len == 0) {
        message = g_strdup("request: empty line, expected a JSON object");
    } else if (!json_parser_load_from_data(parser, line, (gssize)len, &error)) {
        message = g_strdup_printf("request: not valid JSON: %s", error->message);
        g_error_free(error);
    } else if (!(root = json_parser_get_root(parser)) || !JSON_NODE_HOLDS_OBJECT(root)) {
        message = g_strdup("request: not a JSON object");
    } else {
        JsonObject *obj = json_node_get_object(root);
        id = json_object_get_member(obj, "id");
        FontSet *fs;
        if (!(message = parse_request(obj, &rq)) && (fs = fontset_get(rq.fonts, &message)))
            measure(fs, &rq, id, out);
    }
    if (message) append_error(out, id, message);
    g_free(message);
}

/* ---- Main loop --------------------------------------------------------- */

static void write_out(GString *out, gboolean flush) {
    fwrite(out->str, 1, out->len, stdout);
    if (flush) fflush(stdout);
    g_string_truncate(out, 0);
}

int main(int argc, char **argv) {
    gboolean timing = argc == 2 && strcmp(argv[1], "--time") == 0;
    /* --isolated: a new font map for every request. In one font map a request's lines can
     * depend on the requests before it (a font instance made for an earlier request is
     * reused), so comparisons that must be a function of the request alone use this;
     * timing does not (it would time font loading). */
    gboolean isolated = argc == 2 && strcmp(argv[1], "--isolated") == 0;
    if (argc > 2 || (argc == 2 && !timing && !isolated)) {
        fprintf(stderr, "usage: %s [--time | --isolated] < requests.jsonl > results.jsonl\n", argv[0]);
        return 2;
    }

    fontsets = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, fontset_free);
    JsonParser *parser = json_parser_new();
    GString *in = g_string_new(NULL), *out = g_string_new(NULL);
    gsize pos = 0; /* first unprocessed byte of `in` */
    long requests = 0;
    gboolean eof = FALSE;
    char buf[65536];

    /* A line reader over read(2) that flushes stdout only when it is about
     * to wait for input: a caller that sends one request and waits for its
     * answer through a pipe never deadlocks, and batch runs still write in
     * large blocks. */
    while (!eof || pos < in->len) {
        char *line = in->str + pos;
        char *nl = memchr(line, '\n', in->len - pos);
        if (!nl && !eof) {
            write_out(out, TRUE);
            g_string_erase(in, 0, pos);
            pos = 0;
            ssize_t n = read(STDIN_FILENO, buf, sizeof buf);
            if (n > 0)
                g_string_append_len(in, buf, n);
            else if (n == 0 || errno != EINTR)
                eof = TRUE;
            continue;
        }
        gsize len = nl ? (gsize)(nl - line) : in->len - pos; /* last line may lack '\n' */
        pos += nl ? len + 1 : len;
        if (len && line[len - 1] == '\r') len--;
        handle_line(parser, line, len, out);
        if (isolated) g_hash_table_remove_all(fontsets);
        requests++;
        if (out->len > sizeof buf) write_out(out, FALSE);
    }
    write_out(out, TRUE);

    if (timing)
        fprintf(stderr, "pango-reference: %ld requests, %.0f µs in layout, %.2f µs per request\n",
                requests, layout_ns / 1e3, requests ? layout_ns / 1e3 / requests : 0.0);
    g_object_unref(parser);
    g_string_free(in, TRUE);
    g_string_free(out, TRUE);
    g_hash_table_destroy(fontsets);
    return 0;
}
