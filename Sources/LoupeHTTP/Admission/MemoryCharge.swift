/// What one connection has charged to the server's memory budget, kept level with what it holds.
/// Every growth is a reservation that may be refused (`settle`), so the budget stays a hard bound.
struct MemoryCharge {
    let budget: MemoryBudget
    /// Bytes charged now.
    private(set) var bytes = 0

    init(budget: MemoryBudget) {
        self.budget = budget
    }

    /// Charges `held` bytes: growth reserved from the budget (from its refusal headroom when
    /// `refusal`), shrinkage given back. False, with nothing charged, when the growth does not fit.
    mutating func settle(to held: Int, refusal: Bool = false) -> Bool {
        let growth = held - bytes
        if growth > 0 {
            guard refusal ? budget.reserveRefusal(growth) : budget.reserve(growth) else { return false }
        } else {
            budget.refund(-growth)
        }
        bytes = held
        return true
    }

    /// `settle` where the connection can only have shrunk (a body handed to the pool, output
    /// written, the kernel's queue acknowledged): nothing to refuse.
    mutating func shrink(to held: Int) {
        if held < bytes {
            budget.refund(bytes - held)
            bytes = held
        }
    }

    /// Takes over `reserved` bytes reserved elsewhere (a compute job's reservation for the answer
    /// it hands back), so no other request can take that room in between.
    mutating func take(_ reserved: Int) {
        bytes += reserved
    }

    /// Gives everything back: the connection is closed.
    mutating func refundAll() {
        budget.refund(bytes)
        bytes = 0
    }
}
