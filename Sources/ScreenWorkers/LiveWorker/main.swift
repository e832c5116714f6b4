import ScreenWorkerCore

// screen-worker-live: the worker with the live GitHub source as well (navhost --source github).
WorkerEntry.main(liveSource: LiveSourceOpener())
