// The only SwiftUI code of the package: conversions between the model's column types and SwiftUI's, so that a
// `NavigationSplitView` binds its `columnVisibility` and `preferredCompactColumn` to the model directly.
#if canImport(SwiftUI)
    public import SwiftUI

    extension ColumnVisibility {
        /// The visibility as SwiftUI names it.
        public var navigationSplitViewVisibility: NavigationSplitViewVisibility {
            switch self {
            case .automatic: .automatic
            case .all: .all
            case .doubleColumn: .doubleColumn
            case .detailOnly: .detailOnly
            }
        }

        /// The visibility SwiftUI's `visibility` names; `automatic` for one this type does not know.
        ///
        /// - Parameter visibility: a split view's column visibility.
        public init(_ visibility: NavigationSplitViewVisibility) {
            switch visibility {
            case .all: self = .all
            case .doubleColumn: self = .doubleColumn
            case .detailOnly: self = .detailOnly
            default: self = .automatic
            }
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    extension CompactColumn {
        /// The column as SwiftUI names it.
        public var navigationSplitViewColumn: NavigationSplitViewColumn {
            switch self {
            case .sidebar: .sidebar
            case .content: .content
            case .detail: .detail
            }
        }

        /// The column SwiftUI's `column` names.
        ///
        /// - Parameter column: a split view's preferred compact column.
        public init(_ column: NavigationSplitViewColumn) {
            switch column {
            case .sidebar: self = .sidebar
            case .content: self = .content
            default: self = .detail
            }
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    extension SplitViewModel {
        /// ``visibility`` in SwiftUI's type: `NavigationSplitView(columnVisibility: $model.splitViewVisibility)`.
        public var splitViewVisibility: NavigationSplitViewVisibility {
            get { visibility.navigationSplitViewVisibility }
            set { visibility = ColumnVisibility(newValue) }
        }

        /// ``compactColumn`` in SwiftUI's type:
        /// `NavigationSplitView(preferredCompactColumn: $model.preferredCompactColumn)`.
        public var preferredCompactColumn: NavigationSplitViewColumn {
            get { compactColumn.navigationSplitViewColumn }
            set { compactColumn = CompactColumn(newValue) }
        }
    }
#endif
