#!/usr/bin/env python3
"""A minimal StatusNotifierWatcher, with a tray host said to be present, on the session
D-Bus: enough for the app's tray icon to register where no desktop provides a tray (a bare
X server, Xvfb), so the boss key can be checked by hand. It prints each item that
registers; the item's menu is then driven with dbus-send (see README, "The tray by hand").

Needs Debian's python3-dbus and python3-gi (run it with /usr/bin/python3).
"""
import dbus
import dbus.mainloop.glib
import dbus.service
from gi.repository import GLib

IFACE = "org.kde.StatusNotifierWatcher"


class Watcher(dbus.service.Object):
    def __init__(self, bus):
        self.items = []
        super().__init__(dbus.service.BusName(IFACE, bus), "/StatusNotifierWatcher")

    @dbus.service.method(IFACE, in_signature="s", sender_keyword="sender")
    def RegisterStatusNotifierItem(self, service, sender=None):
        # An item names its bus name, or only its object path (then the sender is the name).
        item = f"{sender}{service}" if service.startswith("/") else service
        self.items.append(item)
        print("registered item", item, flush=True)
        self.StatusNotifierItemRegistered(item)

    @dbus.service.method(IFACE, in_signature="s")
    def RegisterStatusNotifierHost(self, service):
        pass

    @dbus.service.signal(IFACE, signature="s")
    def StatusNotifierItemRegistered(self, item):
        pass

    @dbus.service.method(dbus.PROPERTIES_IFACE, in_signature="ss", out_signature="v")
    def Get(self, iface, prop):
        return self.GetAll(iface)[prop]

    @dbus.service.method(dbus.PROPERTIES_IFACE, in_signature="s", out_signature="a{sv}")
    def GetAll(self, iface):
        return {
            "RegisteredStatusNotifierItems": dbus.Array(self.items, signature="s"),
            "IsStatusNotifierHostRegistered": dbus.Boolean(True),
            "ProtocolVersion": dbus.Int32(0),
        }


dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
Watcher(dbus.SessionBus())
print("watcher ready", flush=True)
GLib.MainLoop().run()
