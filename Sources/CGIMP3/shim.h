#include <libgimp/gimp.h>
