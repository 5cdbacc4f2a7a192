import CatalogIO
// ColumnMapping: defaults, the `width,height` argument, and the missing-column message.
import Testing

struct ColumnMappingTests {
    @Test func defaultsToIDTitleAuthor() {
        let mapping = ColumnMapping()
        #expect(mapping.id == "id" && mapping.title == "title" && mapping.author == "author")
        #expect(mapping.imageSize == nil && mapping.otherColumns.isEmpty)
    }

    @Test func parsesImageSizeArgument() {
        #expect(
            ColumnMapping.ImageSizeColumns(argument: "width,height")
                == ColumnMapping.ImageSizeColumns(width: "width", height: "height"))
        #expect(ColumnMapping.ImageSizeColumns(argument: "width") == nil)
        #expect(ColumnMapping.ImageSizeColumns(argument: "width,") == nil)
        #expect(ColumnMapping.ImageSizeColumns(argument: "a,b,c") == nil)
    }

    @Test func missingColumnMessageNamesColumnAndHeader() {
        let error = CatalogOpenError.columnNotInHeader(
            column: "title", header: ["id", "name", "author"])
        #expect(error.description == "column 'title' not in header: id, name, author")
    }
}
