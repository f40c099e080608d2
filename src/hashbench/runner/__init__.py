"""Runner manifests and the client side of runner protocol v1 (docs/protocol.md)."""
