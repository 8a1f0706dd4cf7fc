// The web-view documents in Vietnamese (see types.ts). Keep the five language modules in step:
// the same documents with the same sections in the same order.
import type { DocumentSet } from "./types";

const documents: DocumentSet = {
  about: {
    title: "Về ShopRadar",
    summary:
      "ShopRadar là ứng dụng phân tích dữ liệu trên di động dành cho thương mại điện tử video ngắn tại Đông Nam Á. Người bán, nhà sáng tạo nội dung và người làm tiếp thị tại Việt Nam, Indonesia, Thái Lan, Malaysia, Philippines và Singapore dùng ShopRadar để biết mặt hàng nào đang bán chạy.",
    sections: [
      {
        heading: "Chúng tôi làm gì",
        paragraphs: [
          "Chúng tôi theo dõi sản phẩm, cửa hàng, nhà sáng tạo, video, âm nhạc và hashtag tại sáu thị trường, rồi biến số liệu hằng ngày của chúng thành các bảng xếp hạng, thư viện và trang chi tiết kèm phân tích bán hàng.",
          "Bảng xếp hạng được làm mới theo các khung giờ cố định: bảng xếp hạng trên trang chủ mỗi 6 giờ, xu hướng tuần mỗi 12 giờ vào lúc 12 giờ, và các danh sách ngắn hạn mỗi 4 giờ. Danh sách nào cũng ghi rõ thời điểm dữ liệu được cập nhật.",
        ],
      },
      {
        heading: "Thiết kế cho điện thoại và mạng chập chờn",
        paragraphs: [
          "ShopRadar là ứng dụng web có thể cài đặt. Ứng dụng mở ngay từ màn hình chính, hiển thị những danh sách bạn xem gần nhất khi bạn ngoại tuyến, và gửi đi những thao tác bạn đã thực hiện ngay khi có mạng trở lại.",
        ],
      },
      {
        heading: "Liên hệ",
        paragraphs: [
          "Bạn có câu hỏi, ý tưởng hay muốn hợp tác? Hãy viết cho chúng tôi qua biểu mẫu “Liên hệ” ở cuối trang chủ; chúng tôi sẽ phản hồi trong vòng hai ngày làm việc.",
        ],
      },
    ],
  },
  resources: {
    title: "Tài nguyên",
    summary: "Các hướng dẫn ngắn giúp bạn tận dụng tối đa bảng xếp hạng, trang chi tiết và tính năng tìm kiếm.",
    sections: [
      {
        heading: "Cách đọc bảng xếp hạng",
        paragraphs: [
          "Mỗi danh sách xếp hạng theo loại xếp hạng của nó (ví dụ “Bán chạy” hoặc “Bứt phá”) trong khoảng thời gian 24 giờ, 3, 7 hoặc 30 ngày. Mũi tên cạnh thứ hạng cho biết thứ hạng đã thay đổi bao nhiêu bậc so với lần làm mới trước.",
          "Dùng bộ lọc thị trường và danh mục để thu hẹp danh sách về đúng nơi bạn bán hàng.",
        ],
      },
      {
        heading: "Hiểu các con số",
        paragraphs: [
          "Số lớn được rút gọn thành K (nghìn), M (triệu), B (tỷ) và T (nghìn tỷ) với một chữ số thập phân. Số tiền được hiển thị theo đơn vị tiền tệ của thị trường với hai chữ số thập phân; các tỷ lệ được hiển thị dưới dạng phần trăm với hai chữ số thập phân.",
          "Thời gian được hiển thị theo giờ nghiệp vụ của dữ liệu (giờ London cộng một giờ), vì vậy số liệu của một ngày luôn bao trùm cùng một khoảng 24 giờ ở mọi thị trường.",
        ],
      },
      {
        heading: "Trang chi tiết",
        paragraphs: [
          "Trang sản phẩm, nhà sáng tạo hoặc video cho thấy xu hướng trong 7, 15 hoặc 30 ngày, hoặc trong một khoảng tùy chọn với các gói có tính năng này. Các video, nhà sáng tạo và sản phẩm liên quan giúp bạn hiểu vì sao một mặt hàng bán chạy.",
        ],
      },
      {
        heading: "Tìm kiếm và yêu thích",
        paragraphs: [
          "Tính năng tìm kiếm giúp bạn tìm video và nhà sáng tạo theo tiêu đề, tên hoặc tên tài khoản bằng ngôn ngữ của mọi thị trường, kể cả khi gõ sai. Chạm vào biểu tượng trái tim trên bất kỳ thẻ nào để lưu vào mục yêu thích trên trang “Tôi”.",
        ],
      },
    ],
  },
  features: {
    title: "Tính năng",
    summary: "Những gì ShopRadar mang lại và những quyền lợi mà từng gói thành viên bổ sung.",
    sections: [
      {
        heading: "Bảng xếp hạng và thư viện",
        paragraphs: [
          "Bảng xếp hạng sản phẩm, nhà sáng tạo, video, âm nhạc và hashtag theo thị trường, danh mục và khoảng thời gian, kèm biến động thứ hạng.",
        ],
      },
      {
        heading: "Phân tích chi tiết",
        paragraphs: [
          "Doanh số, lượt xem và tương tác theo thời gian của từng sản phẩm, nhà sáng tạo và video, kèm nội dung liên quan và lịch đăng bài của nhà sáng tạo.",
        ],
      },
      {
        heading: "Tìm kiếm, yêu thích và theo dõi",
        paragraphs: [
          "Tìm kiếm chấp nhận lỗi chính tả, mục yêu thích được giữ trên mọi thiết bị, và theo dõi tài khoản nhà sáng tạo.",
        ],
      },
      {
        heading: "Dùng được khi ngoại tuyến",
        paragraphs: [
          "Những danh sách và trang bạn mở gần nhất vẫn xem được khi không có mạng, kèm thông tin dữ liệu đã cũ bao lâu.",
        ],
      },
      {
        heading: "Các gói thành viên",
        paragraphs: [
          "Khi chưa có tài khoản, bạn xem được phần đầu của mỗi danh sách. Tài khoản miễn phí có thêm lượt xem chi tiết và lượt tìm kiếm mỗi ngày. Các gói thành viên Cơ bản, Cao cấp và Chuyên nghiệp (theo tháng hoặc theo năm) mở khóa thêm dòng dữ liệu, xu hướng dài hơn, khoảng tùy chọn và nhiều tài khoản theo dõi hơn. Mở “Xem quyền lợi của từng gói” trong ứng dụng để biết giới hạn cụ thể.",
        ],
      },
    ],
  },
  terms: {
    title: "Thỏa thuận dịch vụ",
    summary:
      "Các điều khoản này điều chỉnh việc bạn sử dụng ShopRadar. Khi tạo tài khoản hoặc sử dụng ứng dụng, bạn đồng ý với các điều khoản này. Vui lòng đọc kỹ.",
    sections: [
      {
        heading: "1. Dịch vụ",
        paragraphs: [
          "ShopRadar cung cấp các phân tích về thương mại điện tử video ngắn: bảng xếp hạng, trang chi tiết, tìm kiếm và các công cụ liên quan. Số liệu là ước tính dựa trên dữ liệu công khai và có thể khác với báo cáo của chính các nền tảng; số liệu này không phải là lời khuyên tài chính.",
        ],
      },
      {
        heading: "2. Tài khoản của bạn",
        paragraphs: [
          "Bạn đăng ký bằng số điện thoại hoặc địa chỉ email và phải tự giữ bí mật mật khẩu cũng như mã xác minh của mình. Bạn chịu trách nhiệm về mọi hoạt động diễn ra dưới tài khoản của mình. Hãy báo ngay cho chúng tôi nếu bạn nghĩ rằng có người khác đã sử dụng tài khoản đó.",
        ],
      },
      {
        heading: "3. Gói thành viên và thanh toán",
        paragraphs: [
          "Các gói trả phí được bán theo tháng hoặc theo năm với mức giá hiển thị khi thanh toán. Bản dùng thử và phiếu giảm giá tuân theo các điều kiện đi kèm. Gói thành viên cho phép truy cập trong thời hạn của gói và không thể chuyển nhượng.",
        ],
      },
      {
        heading: "4. Sử dụng hợp lệ",
        paragraphs: [
          "Không sao chép hàng loạt hay bán lại dữ liệu, không thu thập dữ liệu tự động (scrape) từ dịch vụ, không dùng chung tài khoản, và không tìm cách vượt qua giới hạn sử dụng hoặc cơ chế bảo mật. Chúng tôi có thể hạn chế hoặc đóng những tài khoản vi phạm.",
        ],
      },
      {
        heading: "5. Tính khả dụng và thay đổi",
        paragraphs: [
          "Chúng tôi nỗ lực duy trì dịch vụ nhưng không cam kết dịch vụ sẽ không bị gián đoạn. Chúng tôi có thể thay đổi tính năng; khi các điều khoản này thay đổi theo cách ảnh hưởng đáng kể đến bạn, chúng tôi sẽ thông báo trong ứng dụng trước khi thay đổi có hiệu lực.",
        ],
      },
      {
        heading: "6. Trách nhiệm pháp lý",
        paragraphs: [
          "Trong phạm vi pháp luật cho phép, ShopRadar không chịu trách nhiệm về các tổn thất gián tiếp hoặc về các quyết định được đưa ra dựa trên dữ liệu. Không điều khoản nào trong đây hạn chế các quyền mà bạn có với tư cách người tiêu dùng theo pháp luật của quốc gia bạn.",
        ],
      },
      {
        heading: "7. Liên hệ",
        paragraphs: ["Nếu có câu hỏi về các điều khoản này, vui lòng dùng biểu mẫu “Liên hệ” ở cuối trang chủ."],
      },
    ],
  },
  privacy: {
    title: "Chính sách bảo mật",
    summary:
      "Chính sách này giải thích ShopRadar thu thập những dữ liệu cá nhân nào, vì sao, lưu giữ trong bao lâu và bạn có những lựa chọn gì.",
    sections: [
      {
        heading: "1. Dữ liệu chúng tôi thu thập",
        paragraphs: [
          "Dữ liệu tài khoản: số điện thoại hoặc địa chỉ email, biệt danh và mật khẩu của bạn; mật khẩu chỉ được lưu dưới dạng hàm băm có thêm muối (salted hash).",
          "Dữ liệu sử dụng: các trang bạn mở và thao tác bạn thực hiện trong ứng dụng, cùng với mã thiết bị, mã phiên, ngôn ngữ, trình duyệt và loại mạng của bạn. Chúng tôi dùng dữ liệu này để cải thiện ứng dụng và tính mức sử dụng gói.",
          "Nội dung bạn gửi cho chúng tôi: tin nhắn từ biểu mẫu “Liên hệ” và câu trả lời cho bảng khảo sát của chúng tôi.",
        ],
      },
      {
        heading: "2. Vì sao chúng tôi sử dụng dữ liệu",
        paragraphs: [
          "Để vận hành tài khoản và gói thành viên của bạn, giữ an toàn cho dịch vụ, áp dụng giới hạn của gói bạn dùng, trả lời tin nhắn của bạn và hiểu tính năng nào hữu ích nhất với người dùng. Chúng tôi không bán dữ liệu cá nhân.",
        ],
      },
      {
        heading: "3. Trên thiết bị của bạn",
        paragraphs: [
          "Để có thể hoạt động khi ngoại tuyến, ứng dụng lưu cookie mã thiết bị trong một năm, mã đăng nhập (token), lịch sử tìm kiếm (10 lượt tìm kiếm gần nhất), các mục yêu thích đã thêm khi ngoại tuyến, bản nháp khảo sát và bản sao của những danh sách bạn đã mở. Khi bạn đăng xuất, các bản sao gắn với tài khoản của bạn sẽ bị xóa.",
        ],
      },
      {
        heading: "4. Thông báo",
        paragraphs: [
          "Thông báo chiến dịch chỉ được gửi nếu bạn bật chúng trên trang “Tôi”, và bạn có thể tắt chúng tại đó bất cứ lúc nào.",
        ],
      },
      {
        heading: "5. Thời gian lưu giữ",
        paragraphs: [
          "Dữ liệu tài khoản được lưu chừng nào tài khoản của bạn còn tồn tại; dữ liệu sử dụng được lưu tối đa 24 tháng; tin nhắn liên hệ được lưu trong thời gian cần thiết để trả lời.",
        ],
      },
      {
        heading: "6. Quyền của bạn",
        paragraphs: [
          "Bạn có thể yêu cầu xem, chỉnh sửa hoặc xóa dữ liệu cá nhân của mình, hoặc phản đối việc sử dụng dữ liệu đó, bằng cách gửi yêu cầu cho chúng tôi qua biểu mẫu “Liên hệ”. Chúng tôi sẽ phản hồi trong vòng 30 ngày.",
        ],
      },
    ],
  },
};

export default documents;
