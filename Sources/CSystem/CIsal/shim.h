#include <isa-l/igzip_lib.h>

/// Bytes of level buffer igzip wants for levels 1 and 2 (a macro Swift cannot import).
static inline unsigned nmti_isal_level_buffer_size(unsigned level) {
    return level == 0 ? ISAL_DEF_LVL0_DEFAULT : level == 1 ? ISAL_DEF_LVL1_DEFAULT
         : level == 2 ? ISAL_DEF_LVL2_DEFAULT : ISAL_DEF_LVL3_DEFAULT;
}
