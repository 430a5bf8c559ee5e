#include <pango/pangofc-fontmap.h>
#include <cairo-ft.h>
