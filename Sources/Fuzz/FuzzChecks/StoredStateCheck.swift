public import Foundation
import LibraryNavigation
import Navigation

/// The stored navigation-state decoder: what the store runs on a `nav_scenes` / `nav_history` row's format
/// and state text (decode, structural check, reference check, repair).
///
/// Input: byte 0 picks the format column (the current one, format 1, or an unknown one), byte 1 the
/// reference check (everything exists; entities whose uuid starts with an odd byte were deleted and two
/// entities whose second uuid bytes differ by a multiple of 3 are not linked; the check itself fails), the
/// rest is the state text. Any input restores to a valid state, and restoring the
/// state's own text gives it back unrepaired: a repair is done once.
public struct StoredStateCheck: FuzzCheck {
    /// The corpus directory and executable suffix.
    public let name = "stored-state"

    private static let formats = [StoredStateCodec.currentFormat, 1, 0, 3, -1]

    /// A check.
    public init() {}

    /// Runs one input; see the type's description for what must hold.
    public func check(_ input: Data) throws(FuzzFinding) {
        let bytes = [UInt8](input)
        let format = Self.formats[Int(bytes.first ?? 0) % Self.formats.count]
        let mode = bytes.count > 1 ? bytes[1] % 3 : 0
        let text = String(decoding: bytes.dropFirst(2), as: UTF8.self)
        let validator = Self.validator(mode: mode)
        let restored = StoredStateCodec.restore(text, format: format, validator: validator)
        do {
            try restored.state.validate()
        } catch {
            throw FuzzFinding("\(text.debugDescription) (format \(format)) restored to an invalid state: \(error)")
        }
        let stored = StoredStateCodec.encode(restored.state)
        let again = StoredStateCodec.restore(stored, format: StoredStateCodec.currentFormat, validator: validator)
        try require(again.state == restored.state, "\(stored) does not restore to itself: \(again.state)")
        if mode != 2 {
            try require(again.report.isEmpty, "\(stored) needed a second repair: \(again.report)")
        }
    }

    private struct ValidatorFailure: Error {}

    private static func validator(mode: UInt8) -> RouteValidation<LibraryRoute> {
        switch mode {
        case 0:
            return .acceptingAll
        case 1:
            return RouteValidation(
                { route in
                    guard let entity = route.entity else { return true }
                    return entity.uuid.uuid.0 % 2 == 0
                },
                link: { route, origin in
                    guard let entity = route.entity, let source = origin.entity else { return true }
                    return (Int(entity.uuid.uuid.1) - Int(source.uuid.uuid.1)) % 3 != 0
                })
        default:
            return RouteValidation { route in
                guard route.entity == nil else { throw ValidatorFailure() }
                return true
            }
        }
    }
}
