// What `render` needs from each layout command: its layout, its screen, and what its items are.
import ArgumentParser
import CardModel
import CatalogLayout
import CatalogPreview
import CollectionLayout
import Geometry
import TextEngine

/// A layout command whose layout `cardsize render` draws, parsed from the same flags.
protocol RenderableLayout: ParsableArguments {
    var catalog: CatalogOptions { get }
    /// The catalog laid out exactly as the layout command lays it out.
    func layOut() throws -> LayoutRun
    /// The display scale, a page's size and what the items are.
    func pictureSetup() throws -> PictureSetup
}

/// How a layout's pictures are drawn.
struct PictureSetup {
    var displayScale: Double
    /// One screenful: the collection's width by the screen's height.
    var pageSize: Size
    var items: CatalogPageItems
}

extension ScreenOptions {
    /// One screenful: the collection width by the device's portrait height.
    func pageSize() throws -> Size {
        Size(width: try screen().width, height: try DevicePreset.named(device).heightInPoints)
    }
}

extension GridLayoutCommand: RenderableLayout {
    func pictureSetup() throws -> PictureSetup {
        let cards = try CardGrid(screen: screenOptions, template: templateOptions, insets: insetOptions, grid: gridOptions)
        return PictureSetup(displayScale: cards.screen.scale, pageSize: try screenOptions.pageSize(), items: .cards(cards.measurer))
    }
}

extension WaterfallLayoutCommand: RenderableLayout {
    func pictureSetup() throws -> PictureSetup {
        let scale = try screenOptions.screen().scale
        return PictureSetup(
            displayScale: scale, pageSize: try screenOptions.pageSize(),
            items: .cards(try templateOptions.cardMeasurer(default: "book-hug", scale: scale)))
    }
}

extension FlowLayoutCommand: RenderableLayout {
    func pictureSetup() throws -> PictureSetup {
        PictureSetup(
            displayScale: try screenOptions.screen().scale, pageSize: try screenOptions.pageSize(), items: .tags(try tagMaker()))
    }
}

extension CompositionalLayoutCommand: RenderableLayout {
    func pictureSetup() throws -> PictureSetup {
        PictureSetup(
            displayScale: scale, pageSize: Size(width: width, height: height),
            items: preset == "insta" ? .tiles : .cards(try templateOptions.cardMeasurer(default: "book-hug", scale: scale)))
    }
}
