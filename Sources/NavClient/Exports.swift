// A test that imports NavClient gets the protocol's types (requests, screens, rows) and the
// process readings (ProcessTable) with it.
@_exported import NavProtocol
@_exported import ProcessSupport
