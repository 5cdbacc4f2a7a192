// Stable, unsuffixed names for the few ICU functions the text engine calls.
// ICU renames its C entry points by macro (ubrk_open -> ubrk_open_72); Swift cannot
// import function-like macros, so each wrapper here exists only to be visible to Swift.
#pragma once
#include <stdint.h>

/// An ICU line-break iterator (UBRK_LINE), opaque to Swift.
typedef struct cardsize_line_breaker cardsize_line_breaker;

/// Opens a line-break iterator for an ICU locale such as "ja@lb=strict".
/// Returns NULL and sets *error_code (an ICU UErrorCode) on failure.
cardsize_line_breaker *cardsize_line_breaker_open(const char *locale, int32_t *error_code);

/// Points the iterator at UTF-16 text; the text must outlive its use by the iterator.
void cardsize_line_breaker_set_text(cardsize_line_breaker *breaker, const uint16_t *text,
                                    int32_t length, int32_t *error_code);

/// The next break opportunity after the current one, in UTF-16 units, or -1 at the end.
int32_t cardsize_line_breaker_next(cardsize_line_breaker *breaker);

/// Whether the break just returned by next() is mandatory (UBRK_LINE_HARD).
int cardsize_line_breaker_is_hard(cardsize_line_breaker *breaker);

void cardsize_line_breaker_close(cardsize_line_breaker *breaker);

/// The line-break class of a code point (u_getIntPropertyValue with UCHAR_LINE_BREAK), a
/// ULineBreak value such as U_LB_ALPHABETIC.
int32_t cardsize_line_break_class(uint32_t code_point);

/// The general category of a code point (ICU's UCharCategory value).
int32_t cardsize_general_category(uint32_t code_point);

/// Whether a code point has the Extended_Pictographic property.
int cardsize_is_extended_pictographic(uint32_t code_point);

/// The Unicode version of the ICU data in use, such as "15.0".
void cardsize_icu_unicode_version(char *out, int32_t capacity);

/// The version of the ICU library loaded (not the one compiled against), such as "72.1".
void cardsize_icu_version(char *out, int32_t capacity);

/// ICU's ISO 639 language codes (uloc_getISOLanguages): a NULL-terminated list that lives as
/// long as the process.
const char *const *cardsize_iso_languages(void);

/// The ICU error name for an error code, such as "U_ILLEGAL_ARGUMENT_ERROR".
const char *cardsize_icu_error_name(int32_t error_code);

/// The Unicode bidi algorithm's embedding level of each UTF-16 unit of `text` (ubidi_setPara),
/// written to `levels` (`length` of them): even is left-to-right, odd right-to-left. Each
/// paragraph takes its direction from its first strong character, left-to-right without one.
/// Returns an ICU UErrorCode (0 or below for success).
int32_t cardsize_bidi_levels(const uint16_t *text, int32_t length, uint8_t *levels);

/// The visual order of `length` items with bidi `levels` (ubidi_reorderVisual, rule L2 of
/// UAX #9): `logical_index[v]` is the item shown at visual position `v`, left to right.
void cardsize_bidi_visual_order(const uint8_t *levels, int32_t length, int32_t *logical_index);

/// The canonical decomposition (NFD) of a code point, written to `out` as code points, at
/// most `capacity` of them; returns how many (1 for a code point that does not decompose,
/// 0 on failure).
int32_t cardsize_canonical_decomposition(uint32_t code_point, uint32_t *out, int32_t capacity);
