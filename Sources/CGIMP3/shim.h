#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>
