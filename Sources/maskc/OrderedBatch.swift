import Dispatch

/// Runs a function over items on several threads and returns the results in the
/// items' order. Work is handed out in windows so memory stays flat however many
/// items there are.
enum OrderedBatch {
    /// Results of one window, written by index from several threads: each index by
    /// exactly one thread, read only after all of them are done.
    final class Slots<R>: @unchecked Sendable {
        let base: UnsafeMutablePointer<R?>
        let count: Int
        init(_ count: Int) {
            self.count = count
            base = .allocate(capacity: count)
            base.initialize(repeating: nil, count: count)
        }
        deinit {
            base.deinitialize(count: count)
            base.deallocate()
        }
    }

    /// Maps `items` with `body` on `jobs` threads, calling `deliver` with each result in
    /// order as soon as its window is done. `body` is also given the number of the
    /// worker running it (0 to `jobs - 1`): no two calls with the same number overlap,
    /// so per-thread state can be kept by that number.
    ///
    /// With several jobs, windows are pipelined: while the workers map one window, the
    /// calling thread delivers the window before it and reads the one after it, so
    /// reading and writing overlap with the work instead of leaving the workers idle.
    /// One window is mapped at a time (worker numbers stay exclusive).
    static func run<T: Sendable, R: Sendable>(
        _ items: some Sequence<T>, jobs: Int, window: Int = 256,
        _ body: @escaping @Sendable (_ worker: Int, T) -> R, deliver: (R) throws -> Void
    ) rethrows {
        var pending: [T] = []
        pending.reserveCapacity(window)
        guard jobs > 1 else {
            for item in items { try deliver(body(0, item)) }
            return
        }
        /// The window being mapped: its results, and what signals that it is done.
        var running: (slots: Slots<R>, done: DispatchGroup)?
        // Nothing is left running on the way out, even when `deliver` throws.
        defer { running?.done.wait() }
        func deliverRunning() throws {
            guard let (slots, done) = running else { return }
            done.wait()
            running = nil
            for index in 0..<slots.count { if let value = slots.base[index] { try deliver(value) } }
        }
        func launch() throws {
            guard !pending.isEmpty else { return }
            let batch = pending
            pending.removeAll(keepingCapacity: true)
            // The window before must be done before this one starts (worker numbers),
            // and is delivered while this one runs.
            let previous = running
            previous?.done.wait()
            let slots = Slots<R>(batch.count)
            let done = DispatchGroup()
            done.enter()
            DispatchQueue.global().async {
                DispatchQueue.concurrentPerform(iterations: min(jobs, batch.count)) { worker in
                    var index = worker
                    while index < batch.count {
                        slots.base[index] = body(worker, batch[index])
                        index += jobs
                    }
                }
                done.leave()
            }
            running = (slots, done)
            if let (slots, _) = previous {
                for index in 0..<slots.count { if let value = slots.base[index] { try deliver(value) } }
            }
        }
        for item in items {
            pending.append(item)
            if pending.count >= window { try launch() }
        }
        try launch()
        try deliverRunning()
    }
}

/// One value per worker of ``OrderedBatch/run(_:jobs:window:_:deliver:)``, each used by
/// its worker alone (so it needs no lock): per-thread state such as masking sessions.
final class PerWorker<Value>: @unchecked Sendable {
    private let base: UnsafeMutablePointer<Value>
    let count: Int

    init(_ count: Int, _ make: () -> Value) {
        self.count = count
        base = .allocate(capacity: count)
        for index in 0..<count { (base + index).initialize(to: make()) }
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// Calls `body` with worker `worker`'s value.
    @inline(__always)
    func with<R>(_ worker: Int, _ body: (inout Value) throws -> R) rethrows -> R {
        precondition(worker >= 0 && worker < count, "worker number")
        return try body(&base[worker])
    }
}
