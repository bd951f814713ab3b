#include <gegl.h>
#include <gegl-plugin.h>
#include <babl/babl.h>
