// FreeType's own message for an error code.
// Debian builds FreeType without FT_CONFIG_OPTION_ERROR_STRINGS, so FT_Error_String returns
// NULL there; fterrors.h is written to be included again with FT_ERRORDEF redefined to build
// the table of messages, which is what this does.
#pragma once

/// FreeType's message for `error` ("cannot open resource"), or NULL for a code it does not define.
const char *cardsize_freetype_error_message(int error);
