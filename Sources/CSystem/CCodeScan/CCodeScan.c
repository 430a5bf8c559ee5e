#include "CCodeScan.h"

#include <dlfcn.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <zbar.h>

// The functions used, found in the libraries by load_libraries.
static struct {
    struct jpeg_error_mgr *(*std_error)(struct jpeg_error_mgr *);
    void (*create_compress)(j_compress_ptr, int, size_t);
    void (*set_defaults)(j_compress_ptr);
    void (*set_quality)(j_compress_ptr, int, boolean);
    void (*mem_dest)(j_compress_ptr, unsigned char **, unsigned long *);
    void (*start_compress)(j_compress_ptr, boolean);
    JDIMENSION (*write_scanlines)(j_compress_ptr, JSAMPARRAY, JDIMENSION);
    void (*finish_compress)(j_compress_ptr);
    void (*destroy_compress)(j_compress_ptr);
    void (*create_decompress)(j_decompress_ptr, int, size_t);
    void (*mem_src)(j_decompress_ptr, const unsigned char *, unsigned long);
    int (*read_header)(j_decompress_ptr, boolean);
    boolean (*start_decompress)(j_decompress_ptr);
    JDIMENSION (*read_scanlines)(j_decompress_ptr, JSAMPARRAY, JDIMENSION);
    boolean (*finish_decompress)(j_decompress_ptr);
    void (*destroy_decompress)(j_decompress_ptr);
} jpeg;

static struct {
    zbar_image_scanner_t *(*scanner_create)(void);
    void (*scanner_destroy)(zbar_image_scanner_t *);
    int (*scanner_set_config)(zbar_image_scanner_t *, zbar_symbol_type_t, zbar_config_t, int);
    int (*scan_image)(zbar_image_scanner_t *, zbar_image_t *);
    zbar_image_t *(*image_create)(void);
    void (*image_destroy)(zbar_image_t *);
    void (*image_set_format)(zbar_image_t *, unsigned long);
    void (*image_set_size)(zbar_image_t *, unsigned, unsigned);
    void (*image_set_data)(zbar_image_t *, const void *, unsigned long, zbar_image_cleanup_handler_t *);
    const zbar_symbol_t *(*image_first_symbol)(const zbar_image_t *);
    const zbar_symbol_t *(*symbol_next)(const zbar_symbol_t *);
    zbar_symbol_type_t (*symbol_get_type)(const zbar_symbol_t *);
    const char *(*symbol_get_data)(const zbar_symbol_t *);
    unsigned int (*symbol_get_data_length)(const zbar_symbol_t *);
} zbar;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int loaded = 0;
static char load_failure[512];

// Debian's runtime packages install the first name (libjpeg62-turbo, libzbar0); -dev packages the second.
static void *open_first(const char *first, const char *second) {
    void *library = dlopen(first, RTLD_NOW | RTLD_LOCAL);
    if (library != NULL) return library;
    snprintf(load_failure, sizeof load_failure, "%s", dlerror());
    return dlopen(second, RTLD_NOW | RTLD_LOCAL);
}

#define FIND(table, library, field, symbol)                                                  \
    do {                                                                                     \
        *(void **) (&table.field) = dlsym(library, symbol);                                  \
        if (table.field == NULL) {                                                           \
            snprintf(load_failure, sizeof load_failure, "%s is missing from its library", symbol); \
            return;                                                                          \
        }                                                                                    \
    } while (0)

static void load_libraries(void) {
    void *jpeg_library = open_first("libjpeg.so.62", "libjpeg.so");
    if (jpeg_library == NULL) return;
    FIND(jpeg, jpeg_library, std_error, "jpeg_std_error");
    FIND(jpeg, jpeg_library, create_compress, "jpeg_CreateCompress");
    FIND(jpeg, jpeg_library, set_defaults, "jpeg_set_defaults");
    FIND(jpeg, jpeg_library, set_quality, "jpeg_set_quality");
    FIND(jpeg, jpeg_library, mem_dest, "jpeg_mem_dest");
    FIND(jpeg, jpeg_library, start_compress, "jpeg_start_compress");
    FIND(jpeg, jpeg_library, write_scanlines, "jpeg_write_scanlines");
    FIND(jpeg, jpeg_library, finish_compress, "jpeg_finish_compress");
    FIND(jpeg, jpeg_library, destroy_compress, "jpeg_destroy_compress");
    FIND(jpeg, jpeg_library, create_decompress, "jpeg_CreateDecompress");
    FIND(jpeg, jpeg_library, mem_src, "jpeg_mem_src");
    FIND(jpeg, jpeg_library, read_header, "jpeg_read_header");
    FIND(jpeg, jpeg_library, start_decompress, "jpeg_start_decompress");
    FIND(jpeg, jpeg_library, read_scanlines, "jpeg_read_scanlines");
    FIND(jpeg, jpeg_library, finish_decompress, "jpeg_finish_decompress");
    FIND(jpeg, jpeg_library, destroy_decompress, "jpeg_destroy_decompress");

    load_failure[0] = '\0';
    void *zbar_library = open_first("libzbar.so.0", "libzbar.so");
    if (zbar_library == NULL) return;
    FIND(zbar, zbar_library, scanner_create, "zbar_image_scanner_create");
    FIND(zbar, zbar_library, scanner_destroy, "zbar_image_scanner_destroy");
    FIND(zbar, zbar_library, scanner_set_config, "zbar_image_scanner_set_config");
    FIND(zbar, zbar_library, scan_image, "zbar_scan_image");
    FIND(zbar, zbar_library, image_create, "zbar_image_create");
    FIND(zbar, zbar_library, image_destroy, "zbar_image_destroy");
    FIND(zbar, zbar_library, image_set_format, "zbar_image_set_format");
    FIND(zbar, zbar_library, image_set_size, "zbar_image_set_size");
    FIND(zbar, zbar_library, image_set_data, "zbar_image_set_data");
    FIND(zbar, zbar_library, image_first_symbol, "zbar_image_first_symbol");
    FIND(zbar, zbar_library, symbol_next, "zbar_symbol_next");
    FIND(zbar, zbar_library, symbol_get_type, "zbar_symbol_get_type");
    FIND(zbar, zbar_library, symbol_get_data, "zbar_symbol_get_data");
    FIND(zbar, zbar_library, symbol_get_data_length, "zbar_symbol_get_data_length");
    loaded = 1;
}

int nmti_scan_load(char *why, size_t why_size) {
    pthread_once(&load_once, load_libraries);
    if (loaded) return 0;
    snprintf(why, why_size, "%s", load_failure[0] ? load_failure : "cannot open libjpeg.so.62 or libzbar.so.0");
    return -1;
}

// libjpeg reports an error by calling error_exit, which by default ends the process:
// this one jumps back to the call that started the work instead.
struct jump_error {
    struct jpeg_error_mgr manager;
    jmp_buf back;
};

static void jump_back(j_common_ptr info) {
    struct jump_error *error = (struct jump_error *) info->err;
    longjmp(error->back, 1);
}

static void error_text(j_common_ptr info, char *why, size_t why_size) {
    char message[JMSG_LENGTH_MAX];
    info->err->format_message(info, message);
    snprintf(why, why_size, "libjpeg: %s", message);
}

int nmti_jpeg_luma_roundtrip(const unsigned char *rgb, int width, int height, int quality,
                             unsigned char *gray, size_t *jpeg_bytes, char *why, size_t why_size) {
    if (nmti_scan_load(why, why_size) != 0) return -1;
    if (width <= 0 || height <= 0 || quality < 1 || quality > 100) {
        snprintf(why, why_size, "a %dx%d picture at quality %d cannot be compressed", width, height, quality);
        return -1;
    }
    // volatile: read after a longjmp back into this frame.
    unsigned char *volatile compressed = NULL;
    unsigned long compressed_size = 0;
    struct jpeg_compress_struct compress;
    struct jump_error compress_error;
    memset(&compress, 0, sizeof compress);  // so that destroying it after an early error is safe
    compress.err = jpeg.std_error(&compress_error.manager);
    compress_error.manager.error_exit = jump_back;
    if (setjmp(compress_error.back)) {
        error_text((j_common_ptr) &compress, why, why_size);
        jpeg.destroy_compress(&compress);
        free(compressed);
        return -1;
    }
    jpeg.create_compress(&compress, JPEG_LIB_VERSION, sizeof compress);
    jpeg.mem_dest(&compress, (unsigned char **) &compressed, &compressed_size);
    compress.image_width = (JDIMENSION) width;
    compress.image_height = (JDIMENSION) height;
    compress.input_components = 3;
    compress.in_color_space = JCS_RGB;
    jpeg.set_defaults(&compress);  // YCbCr with 2x2 chroma subsampling
    jpeg.set_quality(&compress, quality, TRUE);
    jpeg.start_compress(&compress, TRUE);
    while (compress.next_scanline < compress.image_height) {
        JSAMPROW row = (JSAMPROW) (rgb + (size_t) compress.next_scanline * (size_t) width * 3);
        jpeg.write_scanlines(&compress, &row, 1);
    }
    jpeg.finish_compress(&compress);
    jpeg.destroy_compress(&compress);
    *jpeg_bytes = compressed_size;

    struct jpeg_decompress_struct decompress;
    struct jump_error decompress_error;
    memset(&decompress, 0, sizeof decompress);
    decompress.err = jpeg.std_error(&decompress_error.manager);
    decompress_error.manager.error_exit = jump_back;
    if (setjmp(decompress_error.back)) {
        error_text((j_common_ptr) &decompress, why, why_size);
        jpeg.destroy_decompress(&decompress);
        free(compressed);
        return -1;
    }
    jpeg.create_decompress(&decompress, JPEG_LIB_VERSION, sizeof decompress);
    jpeg.mem_src(&decompress, compressed, compressed_size);
    jpeg.read_header(&decompress, TRUE);
    decompress.out_color_space = JCS_GRAYSCALE;  // the luma channel, what a QR decoder reads
    jpeg.start_decompress(&decompress);
    if ((int) decompress.output_width != width || (int) decompress.output_height != height || decompress.output_components != 1) {
        snprintf(why, why_size, "libjpeg decoded a %ux%u picture with %d components from a %dx%d one",
                 decompress.output_width, decompress.output_height, decompress.output_components, width, height);
        jpeg.destroy_decompress(&decompress);
        free(compressed);
        return -1;
    }
    while (decompress.output_scanline < decompress.output_height) {
        JSAMPROW row = gray + (size_t) decompress.output_scanline * (size_t) width;
        jpeg.read_scanlines(&decompress, &row, 1);
    }
    jpeg.finish_decompress(&decompress);
    jpeg.destroy_decompress(&decompress);
    free(compressed);
    return 0;
}

int nmti_zbar_scan_qr(const unsigned char *gray, int width, int height,
                      unsigned char *out, size_t out_size, char *why, size_t why_size) {
    if (nmti_scan_load(why, why_size) != 0) return -1;
    if (width <= 0 || height <= 0) {
        snprintf(why, why_size, "a %dx%d picture cannot be scanned", width, height);
        return -1;
    }
    zbar_image_scanner_t *scanner = zbar.scanner_create();
    zbar_image_t *image = zbar.image_create();
    if (scanner == NULL || image == NULL) {
        snprintf(why, why_size, "zbar could not allocate a scanner");
        if (image != NULL) zbar.image_destroy(image);
        if (scanner != NULL) zbar.scanner_destroy(scanner);
        return -1;
    }
    zbar.scanner_set_config(scanner, 0, ZBAR_CFG_ENABLE, 0);
    zbar.scanner_set_config(scanner, ZBAR_QRCODE, ZBAR_CFG_ENABLE, 1);
    zbar.scanner_set_config(scanner, ZBAR_QRCODE, ZBAR_CFG_BINARY, 1);
    zbar.image_set_format(image, zbar_fourcc('Y', '8', '0', '0'));
    zbar.image_set_size(image, (unsigned) width, (unsigned) height);
    zbar.image_set_data(image, gray, (unsigned long) width * (unsigned long) height, NULL);
    int status = zbar.scan_image(scanner, image);
    int count = 0;
    size_t used = 0;
    if (status < 0) {
        snprintf(why, why_size, "zbar could not scan the picture");
        count = -1;
    }
    for (const zbar_symbol_t *symbol = status > 0 ? zbar.image_first_symbol(image) : NULL; symbol != NULL && count >= 0;
         symbol = zbar.symbol_next(symbol)) {
        if (zbar.symbol_get_type(symbol) != ZBAR_QRCODE) continue;
        size_t length = zbar.symbol_get_data_length(symbol);
        if (out_size - used < 4 || out_size - used - 4 < length) {
            snprintf(why, why_size, "the QR codes found hold more than %zu bytes", out_size);
            count = -1;
            break;
        }
        out[used] = (unsigned char) (length & 0xff);
        out[used + 1] = (unsigned char) ((length >> 8) & 0xff);
        out[used + 2] = (unsigned char) ((length >> 16) & 0xff);
        out[used + 3] = (unsigned char) ((length >> 24) & 0xff);
        memcpy(out + used + 4, zbar.symbol_get_data(symbol), length);
        used += 4 + length;
        count++;
    }
    zbar.image_destroy(image);
    zbar.scanner_destroy(scanner);
    return count;
}
