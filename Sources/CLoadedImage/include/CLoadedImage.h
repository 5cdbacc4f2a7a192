// The file of the binary (shared library or executable) this code was loaded from.
#ifndef CLOADEDIMAGE_H
#define CLOADEDIMAGE_H

/// The path the dynamic loader opened the binary holding this function from, as `dladdr`
/// reports it: absolute for a shared library loaded by path; possibly empty or relative for
/// the main program. NULL when unknown. Static storage owned by the loader.
const char *cardsize_loaded_image_path(void);

#endif
