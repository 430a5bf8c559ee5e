#include <libxml/xmlversion.h>
/* Debian builds libxml2 with ICU, whose headers clash with Foundation's copy of
   ICU. Only pointers to the encoding handler (the one struct ICU changes) are
   used from Swift, so no layout seen here depends on it. */
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
