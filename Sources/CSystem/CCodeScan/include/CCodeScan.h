// Reading a poster's QR codes back as a phone would: a JPEG recompression (libjpeg-turbo)
// and a QR decoder (zbar). Both libraries are opened with dlopen on first use, so a process
// that only renders never loads them (or libX11, libv4l and D-Bus, which libzbar pulls in).
// Plain C types only: no libjpeg or zbar type crosses into Swift.
#ifndef NMTI_CODE_SCAN_H
#define NMTI_CODE_SCAN_H

#include <stddef.h>

/// Opens libjpeg and libzbar once per process; 0 when both are usable, else -1 with the reason in `why`.
int nmti_scan_load(char *why, size_t why_size);

/// Compresses `rgb` (`width` x `height`, 3 bytes a pixel, rows without padding) as a baseline
/// JPEG at `quality` (1-100) with 2x2 chroma subsampling, libjpeg's defaults for photos shared
/// by chat apps, then decodes its luma into `gray` (`width` x `height` bytes). Writes the
/// JPEG's size to `jpeg_bytes`. 0 on success, else -1 with libjpeg's message in `why`.
int nmti_jpeg_luma_roundtrip(const unsigned char *rgb, int width, int height, int quality,
                             unsigned char *gray, size_t *jpeg_bytes, char *why, size_t why_size);

/// Scans 8-bit grey pixels for QR codes with zbar (QR only, data kept as bytes). Each code
/// found is written to `out` as a 4-byte little-endian length and its bytes. Returns the
/// number of codes written, or -1 with the reason in `why` (including an `out` too small).
int nmti_zbar_scan_qr(const unsigned char *gray, int width, int height,
                      unsigned char *out, size_t out_size, char *why, size_t why_size);

#endif
