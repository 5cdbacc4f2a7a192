// Checks of a compositional layout's description, made once before any item is placed.

import Geometry

extension CompositionalLayout {
    /// Throws ``CollectionLayoutError/invalidValue(field:reason:)`` for the first bad number or
    /// empty list; `field` is its path (`sections[1].group.subitems[0].layoutSize.width`).
    ///
    /// - Complexity: O(t) for the t nodes of the section descriptions' group trees.
    func validate() throws(CollectionLayoutError) {
        try ArgumentChecks.requirePositive(collectionSize.width, field: "collectionSize.width")
        try ArgumentChecks.requireNonNegative(collectionSize.height, field: "collectionSize.height")
        guard !sections.isEmpty else {
            throw .invalidValue(field: "sections", reason: "must hold at least one section")
        }
        for (index, section) in sections.enumerated() {
            try section.validate(field: "sections[\(index)]", collectionWidth: collectionSize.width)
        }
    }
}

extension CompositionalSection {
    fileprivate func validate(field: String, collectionWidth: Double) throws(CollectionLayoutError) {
        _ = try ArgumentChecks.availableWidth(
            collectionWidth: collectionWidth, insets: contentInsets, insetField: field + ".contentInsets")
        try ArgumentChecks.requireNonNegative(interGroupSpacing, field: field + ".interGroupSpacing")
        try headerHeight?.validate(field: field + ".headerHeight")
        try footerHeight?.validate(field: field + ".footerHeight")
        if let maximumItemCount, maximumItemCount < 1 {
            throw .invalidValue(
                field: field + ".maximumItemCount", reason: "must be at least 1, got \(maximumItemCount)")
        }
        try group.validate(field: field + ".group")
    }
}

extension CompositionalGroup {
    fileprivate func validate(field: String) throws(CollectionLayoutError) {
        try layoutSize.validate(field: field + ".layoutSize")
        try ArgumentChecks.requireNonNegative(interItemSpacing.minimum, field: field + ".interItemSpacing")
        try ArgumentChecks.requireNonNegative(contentInsets, field: field + ".contentInsets")
        switch subitems {
        case .sequence(let subitems):
            guard !subitems.isEmpty else {
                throw .invalidValue(field: field + ".subitems", reason: "must hold at least one subitem")
            }
            for (index, subitem) in subitems.enumerated() {
                try subitem.validate(field: field + ".subitems[\(index)]")
            }
        case .repeating(let subitem, let count):
            guard count >= 1 else {
                throw .invalidValue(field: field + ".count", reason: "must be at least 1, got \(count)")
            }
            try subitem.validate(field: field + ".subitem")
        }
    }
}

extension CompositionalSubitem {
    fileprivate func validate(field: String) throws(CollectionLayoutError) {
        switch self {
        case .item(let item):
            try item.layoutSize.validate(field: field + ".layoutSize")
            try ArgumentChecks.requireNonNegative(item.contentInsets, field: field + ".contentInsets")
        case .group(let group):
            try group.validate(field: field)
        }
    }
}

extension CompositionalLayoutSize {
    fileprivate func validate(field: String) throws(CollectionLayoutError) {
        try widthDimension.validate(field: field + ".width")
        try heightDimension.validate(field: field + ".height")
    }
}

extension CompositionalDimension {
    fileprivate func validate(field: String) throws(CollectionLayoutError) {
        switch self {
        case .fractionalWidth(let value), .fractionalHeight(let value), .absolute(let value), .estimated(let value):
            try ArgumentChecks.requireNonNegative(value, field: field)
        }
    }
}
