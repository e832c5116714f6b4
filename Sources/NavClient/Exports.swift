// A test that imports NavClient gets the protocol's types (requests, screens, rows) with it.
@_exported import NavProtocol
