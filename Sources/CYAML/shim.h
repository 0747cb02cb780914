// libyaml (Debian: libyaml-dev, pkg-config yaml-0.1): the YAML parser behind the configuration
// and libinput-record readers.
#include <yaml.h>
