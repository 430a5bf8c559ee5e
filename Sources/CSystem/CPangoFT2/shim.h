#include <pango/pangofc-fontmap.h>
