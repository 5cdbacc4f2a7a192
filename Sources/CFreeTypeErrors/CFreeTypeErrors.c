#include "CFreeTypeErrors.h"
#include <stddef.h>
#include <ft2build.h>
#include FT_FREETYPE_H

// fterrors.h's documented way to list its errors: include it once more with these macros.
#undef FTERRORS_H_
#define FT_ERRORDEF(e, v, s) {e, s},
#define FT_ERROR_START_LIST {
#define FT_ERROR_END_LIST {0, NULL}};

static const struct {
    int code;
    const char *message;
} freetype_errors[] =
#include FT_ERRORS_H

const char *cardsize_freetype_error_message(int error) {
    for (size_t index = 0; freetype_errors[index].message != NULL; index++) {
        if (freetype_errors[index].code == error) return freetype_errors[index].message;
    }
    return NULL;
}
