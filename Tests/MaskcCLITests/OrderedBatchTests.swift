import Foundation
import Testing
@testable import maskc

/// The pipelined batch runner behind `--jobs`: results in input order, worker numbers
/// never in use twice at once, and a delivery that throws stops the run cleanly.
@Suite("Ordered batches")
struct OrderedBatchTests {
    @Test("results come back in input order, for any number of jobs and window size",
          arguments: [(1, 256), (2, 1), (2, 7), (3, 64), (4, 256)])
    func order(_ jobs: Int, _ window: Int) {
        var delivered: [Int] = []
        OrderedBatch.run(0..<5_000, jobs: jobs, window: window, { _, item in item * 3 }, deliver: { delivered.append($0) })
        #expect(delivered == (0..<5_000).map { $0 * 3 })
    }

    @Test("a worker number is never used by two calls at once (per-worker state needs no lock)")
    func exclusiveWorkers() {
        let busy = PerWorker(3) { false }
        let clashes = PerWorker(3) { 0 }
        OrderedBatch.run(0..<3_000, jobs: 3, window: 16, { worker, item in
            busy.with(worker) { flag in
                if flag { clashes.with(worker) { $0 += 1 } }
                flag = true
            }
            var spin = item
            for _ in 0..<200 { spin = spin &* 31 &+ 7 }
            busy.with(worker) { $0 = false }
            return spin
        }, deliver: { _ in })
        #expect((0..<3).map { worker in clashes.with(worker) { $0 } } == [0, 0, 0])
    }

    struct Stop: Error {}

    @Test("a delivery that throws ends the run with that error after what came before it, nothing left running")
    func throwingDelivery() {
        var delivered: [Int] = []
        #expect(throws: Stop.self) {
            try OrderedBatch.run(0..<1_000, jobs: 2, window: 10, { _, item in item }, deliver: { value in
                if value == 345 { throw Stop() }
                delivered.append(value)
            })
        }
        #expect(delivered == Array(0..<345))
    }
}
