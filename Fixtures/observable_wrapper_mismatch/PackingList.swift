import Foundation
import Observation

/// `@Observable` on value types and actors does not work.
@Observable // expect: observable_wrapper_mismatch
struct PackingItem {
    var name: String
    var isPacked = false
}

@Observable actor PhotoUploader { // expect: observable_wrapper_mismatch
    var pending = 0
}

@Observable // expect: observable_wrapper_mismatch
enum PackingFilter {
    case all, unpacked
}
