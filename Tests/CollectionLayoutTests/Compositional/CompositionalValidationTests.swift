// Compositional layouts reject what they cannot lay out, naming the offending field.

import CollectionLayout
import Geometry
import Testing

@Suite struct CompositionalValidationTests {
    typealias Support = CompositionalTestSupport

    private let row = CompositionalGroup.horizontal(
        layoutSize: Support.size(.fractionalWidth(1), .absolute(40)), subitems: [Support.item(.fractionalWidth(0.5), .fractionalHeight(1))])

    /// The field an invalid layout is reported for, or nil if it lays out.
    private func invalidField(_ layout: CompositionalLayout, itemCount: Int = 3) -> String? {
        do {
            _ = try layout.layout(itemCount: itemCount)
            return nil
        } catch {
            guard case .invalidValue(let field, _) = error else { return "unexpected \(error)" }
            return field
        }
    }

    @Test func badDescriptionsNameTheirField() {
        let section = CompositionalSection(group: row)
        let size = Size(width: 300, height: 600)
        #expect(invalidField(CompositionalLayout(collectionSize: Size(width: 0, height: 600), sections: [section])) == "collectionSize.width")
        #expect(invalidField(CompositionalLayout(collectionSize: Size(width: 300, height: -1), sections: [section])) == "collectionSize.height")
        #expect(invalidField(CompositionalLayout(collectionSize: size, sections: [])) == "sections")
        #expect(invalidField(CompositionalLayout(collectionSize: size, sections: [section]), itemCount: -1) == "itemCount")
        var insets = section
        insets.contentInsets = EdgeInsets(top: 0, left: 150, bottom: 0, right: 150)
        #expect(invalidField(CompositionalLayout(collectionSize: size, sections: [insets])) == "sections[0].contentInsets")
        var maximum = section
        maximum.maximumItemCount = 0
        #expect(invalidField(CompositionalLayout(collectionSize: size, sections: [section, maximum])) == "sections[1].maximumItemCount")
        var spacing = section
        spacing.interGroupSpacing = .nan
        #expect(invalidField(CompositionalLayout(collectionSize: size, sections: [spacing])) == "sections[0].interGroupSpacing")
    }

    @Test func badGroupTreesNameThePathToTheNode() {
        let size = Size(width: 300, height: 600)
        func field(_ group: CompositionalGroup) -> String? {
            invalidField(CompositionalLayout(collectionSize: size, sections: [CompositionalSection(group: group)]))
        }
        let column = CompositionalGroup.vertical(
            layoutSize: Support.size(.fractionalWidth(0.5), .fractionalHeight(1)),
            subitems: [Support.item(.fractionalWidth(-1), .fractionalHeight(1))])
        let nested = CompositionalGroup.horizontal(
            layoutSize: Support.size(.fractionalWidth(1), .absolute(40)), subitems: [Support.item(.absolute(10), .absolute(10)), .group(column)])
        #expect(field(nested) == "sections[0].group.subitems[1].subitems[0].layoutSize.width")
        var emptyGroup = row
        emptyGroup.subitems = .sequence([])
        #expect(field(emptyGroup) == "sections[0].group.subitems")
        var zeroCount = row
        zeroCount.subitems = .repeating(Support.item(.absolute(10), .absolute(10)), count: 0)
        #expect(field(zeroCount) == "sections[0].group.count")
        var badSpacing = row
        badSpacing.interItemSpacing = .flexible(-2)
        #expect(field(badSpacing) == "sections[0].group.interItemSpacing")
        var badHeight = row
        badHeight.layoutSize.heightDimension = .estimated(.infinity)
        #expect(field(badHeight) == "sections[0].group.layoutSize.height")
        let badItemInsets = CompositionalGroup.horizontal(
            layoutSize: Support.size(.fractionalWidth(1), .absolute(40)),
            subitems: [Support.item(.absolute(10), .absolute(10), insets: EdgeInsets(top: 0, left: -1, bottom: 0, right: 0))])
        #expect(field(badItemInsets) == "sections[0].group.subitems[0].contentInsets.left")
    }

    @Test func aGroupThatHoldsNoItemIsAnError() {
        let tooWide = CompositionalGroup.horizontal(
            layoutSize: Support.size(.fractionalWidth(1), .absolute(40)), subitems: [Support.item(.absolute(301), .absolute(40))])
        #expect(invalidField(Support.layout(tooWide)) == "section 0 group")
        #expect(invalidField(Support.layout(tooWide), itemCount: 0) == nil)
    }

    @Test func invalidMeasuredHeightsAreReported() throws {
        let list = CompositionalGroup.vertical(
            layoutSize: Support.size(.fractionalWidth(1), .estimated(44)), subitems: [Support.item(.fractionalWidth(1), .estimated(44))])
        let layout = Support.layout(list)
        #expect {
            _ = try layout.layout(itemCount: 3, heights: .itemHeights([10, 20]))
        } throws: { error in
            guard case .invalidItemSize(let section, let index, let size) = error as? CollectionLayoutError else { return false }
            return section == 0 && index == 2 && size.width == 300 && size.height.isNaN
        }
        #expect(throws: CollectionLayoutError.invalidItemSize(section: 0, index: 0, size: Size(width: 300, height: -5))) {
            _ = try layout.layout(itemCount: 1, heights: CompositionalHeights(itemHeight: { _, _ in -5 }))
        }
        var footed = layout
        footed.sections[0].footerHeight = .estimated(10)
        let negativeFooter = CompositionalHeights(boundaryHeight: { _, _, _ in -1 })
        #expect {
            _ = try footed.layout(itemCount: 1, heights: negativeFooter)
        } throws: { error in
            guard case .invalidValue(let field, _) = error as? CollectionLayoutError else { return false }
            return field == "section 0 footer height"
        }
    }
}
