// Expat, the system's XML parser (Debian: libexpat1-dev), for gesturectl's touchegg importer.
#include <expat.h>

// The parser's current line, through the call the installed Expat prefers: 2.9 (Debian 13's
// security updates) deprecates XML_GetCurrentLineNumber for XML_GetCurrentLineNumber64, which
// 2.5 (Debian 12) does not have.
static inline unsigned long long gestured_XML_CurrentLine(XML_Parser parser) {
#if XML_MAJOR_VERSION > 2 || (XML_MAJOR_VERSION == 2 && XML_MINOR_VERSION >= 9)
    return XML_GetCurrentLineNumber64(parser);
#else
    return XML_GetCurrentLineNumber(parser);
#endif
}
