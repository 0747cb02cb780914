// Expat, the system's XML parser (Debian: libexpat1-dev), for gesturectl's touchegg importer.
#include <expat.h>
