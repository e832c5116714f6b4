import NavClient
import NavProtocol
import Testing

/// What navhost and its worker answer is exactly what the registries list (`ClientMethods`,
/// `WorkerMethods`): `initialize` publishes them, and every one published is dispatched to a
/// handler, which refuses positional params with -32602 rather than -32601.
@Suite struct MethodRegistryTests {
    @Test(arguments: [false, true])
    func initializePublishesTheRegistryAndEveryMethodInItIsAnswered(debug: Bool) throws {
        let host = try HostUnderTest(debug ? ["--enable-debug-methods"] : [])
        let initialized = try host.initialize()
        #expect(initialized.capabilities.methods == ClientMethods.methodNames(includingDebug: debug))
        #expect(initialized.capabilities.notifications == ClientMethods.notificationNames)
        for method in initialized.capabilities.methods where ![InitializeRequest.method, ShutdownRequest.method].contains(method) {
            #expect(host.expectError(method, [1])?.code == RPCErrorCode.invalidParams, "\(method)")
        }
        #expect(try host.shutdown().exitCode == 0)
        host.expectNoWorkerLeft()
    }

    @Test func aWorkerAnswersEveryMethodOfTheRegistry() throws {
        let worker = try NavClient(executable: Binaries.directory + "/screen-worker", arguments: ["--enable-debug-methods"])
        for method in (WorkerMethods.requests + WorkerMethods.debugRequests).map({ $0.method }) {
            do {
                _ = try worker.request(method, [1])
                Issue.record("\(method) took positional params")
            } catch let error as NavClientError {
                #expect(error.rpcError?.code == RPCErrorCode.invalidParams, "\(method): \(error)")
            }
        }
        _ = try worker.request(ShutdownRequest.method)
        worker.notify(ExitNotification.method)
        #expect(try worker.waitForExit().exitCode == 0)
    }
}
