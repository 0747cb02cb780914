// libudev's functions LinuxInput calls (LibinputSource: the devices' udev properties), opened when first called (CInputLibraries.h).
#include <libudev.h>
#include "lazy_function.h"

LAZY_FUNCTION("libudev.so.1", struct udev_device *, udev_device_get_parent_with_subsystem_devtype, (struct udev_device *udev_device, const char *subsystem, const char *devtype), (udev_device, subsystem, devtype), NULL)
LAZY_FUNCTION("libudev.so.1", struct udev_list_entry *, udev_device_get_properties_list_entry, (struct udev_device *udev_device), (udev_device), NULL)
LAZY_FUNCTION("libudev.so.1", const char *, udev_device_get_sysattr_value, (struct udev_device *udev_device, const char *sysattr), (udev_device, sysattr), NULL)
LAZY_FUNCTION("libudev.so.1", struct udev_device *, udev_device_unref, (struct udev_device *udev_device), (udev_device), NULL)
LAZY_FUNCTION("libudev.so.1", const char *, udev_list_entry_get_name, (struct udev_list_entry *list_entry), (list_entry), NULL)
LAZY_FUNCTION("libudev.so.1", struct udev_list_entry *, udev_list_entry_get_next, (struct udev_list_entry *list_entry), (list_entry), NULL)
LAZY_FUNCTION("libudev.so.1", const char *, udev_list_entry_get_value, (struct udev_list_entry *list_entry), (list_entry), NULL)
LAZY_FUNCTION("libudev.so.1", struct udev *, udev_new, (void), (), NULL)
LAZY_FUNCTION("libudev.so.1", struct udev *, udev_unref, (struct udev *udev), (udev), NULL)
