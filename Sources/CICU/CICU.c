#include "CICU.h"
#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/uloc.h>
#include <unicode/unorm2.h>
#include <unicode/utf16.h>
#include <unicode/utypes.h>
#include <string.h>

cardsize_line_breaker *cardsize_line_breaker_open(const char *locale, int32_t *error_code) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *it = ubrk_open(UBRK_LINE, locale, NULL, 0, &status);
    *error_code = (int32_t)status;
    return U_FAILURE(status) ? NULL : (cardsize_line_breaker *)it;
}

void cardsize_line_breaker_set_text(cardsize_line_breaker *breaker, const uint16_t *text,
                                    int32_t length, int32_t *error_code) {
    UErrorCode status = U_ZERO_ERROR;
    ubrk_setText((UBreakIterator *)breaker, (const UChar *)text, length, &status);
    *error_code = (int32_t)status;
}

int32_t cardsize_line_breaker_next(cardsize_line_breaker *breaker) {
    return ubrk_next((UBreakIterator *)breaker);
}

int cardsize_line_breaker_is_hard(cardsize_line_breaker *breaker) {
    int32_t status = ubrk_getRuleStatus((UBreakIterator *)breaker);
    return status >= UBRK_LINE_HARD && status < UBRK_LINE_HARD_LIMIT;
}

void cardsize_line_breaker_close(cardsize_line_breaker *breaker) {
    ubrk_close((UBreakIterator *)breaker);
}

static void write_version(const UVersionInfo version, char *out, int32_t capacity) {
    if (capacity >= U_MAX_VERSION_STRING_LENGTH) u_versionToString(version, out);
    else if (capacity > 0) out[0] = 0;
}

void cardsize_icu_unicode_version(char *out, int32_t capacity) {
    UVersionInfo version;
    u_getUnicodeVersion(version);
    write_version(version, out, capacity);
}

void cardsize_icu_version(char *out, int32_t capacity) {
    UVersionInfo version;
    u_getVersion(version);
    write_version(version, out, capacity);
}

const char *cardsize_icu_error_name(int32_t error_code) {
    return u_errorName((UErrorCode)error_code);
}

int32_t cardsize_bidi_levels(const uint16_t *text, int32_t length, uint8_t *levels) {
    UErrorCode status = U_ZERO_ERROR;
    UBiDi *bidi = ubidi_open();
    if (bidi == NULL) return U_MEMORY_ALLOCATION_ERROR;
    ubidi_setPara(bidi, (const UChar *)text, length, UBIDI_DEFAULT_LTR, NULL, &status);
    const UBiDiLevel *resolved = U_SUCCESS(status) ? ubidi_getLevels(bidi, &status) : NULL;
    if (U_SUCCESS(status) && length > 0) memcpy(levels, resolved, (size_t)length);
    ubidi_close(bidi);
    return (int32_t)status;
}

void cardsize_bidi_visual_order(const uint8_t *levels, int32_t length, int32_t *logical_index) {
    ubidi_reorderVisual(levels, length, logical_index);
}

int32_t cardsize_line_break_class(uint32_t code_point) {
    return u_getIntPropertyValue((UChar32)code_point, UCHAR_LINE_BREAK);
}

int32_t cardsize_general_category(uint32_t code_point) {
    return u_charType((UChar32)code_point);
}

int cardsize_is_extended_pictographic(uint32_t code_point) {
    return u_hasBinaryProperty((UChar32)code_point, UCHAR_EXTENDED_PICTOGRAPHIC);
}

const char *const *cardsize_iso_languages(void) {
    return uloc_getISOLanguages();
}

int32_t cardsize_canonical_decomposition(uint32_t code_point, uint32_t *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    const UNormalizer2 *nfd = unorm2_getNFDInstance(&status);
    UChar source[2];
    int32_t source_length = 0;
    U16_APPEND_UNSAFE(source, source_length, (UChar32)code_point);
    UChar decomposed[32];  // a code point decomposes into at most 4, in at most 8 UTF-16 units
    int32_t length = unorm2_normalize(nfd, source, source_length, decomposed, 32, &status);
    if (U_FAILURE(status)) return 0;
    int32_t count = 0;
    for (int32_t i = 0; i < length && count < capacity;) {
        UChar32 c;
        U16_NEXT(decomposed, i, length, c);
        out[count++] = (uint32_t)c;
    }
    return count;
}
