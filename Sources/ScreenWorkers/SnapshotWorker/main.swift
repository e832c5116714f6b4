import ScreenWorkerCore

// screen-worker: serves screens from the SQLite snapshot; the live source is screen-worker-live.
WorkerEntry.main(liveSource: nil)
