// The web-view documents in Indonesian (see types.ts). Keep the five language modules in step:
// the same documents with the same sections in the same order.
import type { DocumentSet } from "./types";

const documents: DocumentSet = {
  about: {
    title: "Tentang ShopRadar",
    summary:
      "ShopRadar adalah aplikasi analitik seluler untuk e-commerce video pendek di Asia Tenggara. Penjual, kreator, dan pemasar di Vietnam, Indonesia, Thailand, Malaysia, Filipina, dan Singapura menggunakannya untuk mengetahui apa yang laris.",
    sections: [
      {
        heading: "Apa yang kami lakukan",
        paragraphs: [
          "Kami memantau produk, toko, influencer, video, musik, dan hashtag di enam pasar, lalu mengolah angka hariannya menjadi peringkat, pustaka, dan halaman detail yang dilengkapi analisis penjualan.",
          "Peringkat diperbarui pada jadwal tetap: peringkat di Beranda setiap 6 jam, tren mingguan setiap 12 jam pada pukul 12, dan daftar jangka pendek setiap 4 jam. Setiap daftar mencantumkan kapan datanya diperbarui.",
        ],
      },
      {
        heading: "Dibuat untuk ponsel dan jaringan yang tidak stabil",
        paragraphs: [
          "ShopRadar adalah aplikasi web yang dapat dipasang. Aplikasi ini dibuka dari layar utama, menampilkan daftar terakhir yang Anda lihat saat Anda sedang offline, dan mengirimkan tindakan Anda begitu jaringan kembali tersedia.",
        ],
      },
      {
        heading: "Kontak",
        paragraphs: [
          "Punya pertanyaan, ide, atau tawaran kerja sama? Tulis kepada kami melalui formulir “Hubungi Kami” di bagian bawah Beranda; kami akan membalas dalam dua hari kerja.",
        ],
      },
    ],
  },
  resources: {
    title: "Sumber daya",
    summary: "Panduan singkat untuk memaksimalkan peringkat, halaman detail, dan pencarian.",
    sections: [
      {
        heading: "Membaca peringkat",
        paragraphs: [
          "Setiap daftar diurutkan menurut jenis peringkatnya (misalnya “Penjualan teratas” atau “Melonjak”) dalam rentang waktu 24 jam, 3, 7, atau 30 hari. Panah di samping peringkat menunjukkan seberapa jauh posisinya berubah sejak pembaruan sebelumnya.",
          "Gunakan filter pasar dan kategori untuk mempersempit daftar sesuai tempat Anda berjualan.",
        ],
      },
      {
        heading: "Memahami angka",
        paragraphs: [
          "Angka besar disingkat menjadi K (ribu), M (juta), B (miliar), dan T (triliun) dengan satu desimal. Nilai uang ditampilkan dalam mata uang pasar yang bersangkutan dengan dua desimal; rasio ditampilkan sebagai persentase dengan dua desimal.",
          "Waktu ditampilkan dalam waktu bisnis data (waktu London ditambah satu jam), sehingga angka satu hari selalu mencakup 24 jam yang sama di setiap pasar.",
        ],
      },
      {
        heading: "Halaman detail",
        paragraphs: [
          "Halaman produk, influencer, atau video menampilkan trennya selama 7, 15, atau 30 hari, atau dalam rentang kustom pada paket yang menyertakannya. Video, influencer, dan produk terkait membantu Anda memahami mengapa sesuatu laris.",
        ],
      },
      {
        heading: "Pencarian dan favorit",
        paragraphs: [
          "Pencarian menemukan video dan influencer berdasarkan judul, nama, atau nama pengguna dalam bahasa setiap pasar, bahkan jika ada salah ketik. Ketuk ikon hati pada kartu mana pun untuk menyimpannya ke favorit Anda di halaman “Saya”.",
        ],
      },
    ],
  },
  features: {
    title: "Fitur",
    summary: "Apa yang ditawarkan ShopRadar, dan apa yang ditambahkan setiap paket keanggotaan.",
    sections: [
      {
        heading: "Peringkat dan pustaka",
        paragraphs: [
          "Peringkat produk, influencer, video, musik, dan hashtag menurut pasar, kategori, dan rentang waktu, lengkap dengan perubahan peringkatnya.",
        ],
      },
      {
        heading: "Analisis detail",
        paragraphs: [
          "Penjualan, tayangan, dan interaksi dari waktu ke waktu untuk setiap produk, influencer, dan video, dengan konten terkait serta kalender unggahan influencer.",
        ],
      },
      {
        heading: "Pencarian, favorit, dan pemantauan",
        paragraphs: [
          "Pencarian yang tetap berfungsi meski ada salah ketik, favorit yang tersimpan di semua perangkat, dan akun influencer yang dipantau.",
        ],
      },
      {
        heading: "Bisa digunakan offline",
        paragraphs: [
          "Daftar dan halaman terakhir yang Anda buka tetap tersedia tanpa jaringan, dengan keterangan usia datanya.",
        ],
      },
      {
        heading: "Paket keanggotaan",
        paragraphs: [
          "Tanpa akun, Anda dapat melihat bagian teratas setiap daftar. Akun gratis menambahkan kuota harian untuk melihat detail dan melakukan pencarian. Keanggotaan Dasar, Premium, dan Pro (bulanan atau tahunan) membuka lebih banyak baris, tren yang lebih panjang, rentang kustom, dan lebih banyak akun yang dipantau. Buka “Lihat apa yang dibuka setiap paket” di aplikasi untuk mengetahui batas pastinya.",
        ],
      },
    ],
  },
  terms: {
    title: "Perjanjian layanan",
    summary:
      "Ketentuan ini mengatur penggunaan ShopRadar oleh Anda. Dengan membuat akun atau menggunakan aplikasi, Anda menyetujuinya. Harap baca dengan saksama.",
    sections: [
      {
        heading: "1. Layanan",
        paragraphs: [
          "ShopRadar menyediakan analitik tentang e-commerce video pendek: peringkat, halaman detail, pencarian, dan alat terkait. Angka yang ditampilkan merupakan perkiraan yang disusun dari data publik dan dapat berbeda dari laporan platform itu sendiri; angka tersebut bukan nasihat keuangan.",
        ],
      },
      {
        heading: "2. Akun Anda",
        paragraphs: [
          "Anda mendaftar dengan nomor ponsel atau alamat email dan wajib merahasiakan kata sandi serta kode verifikasi Anda. Anda bertanggung jawab atas segala hal yang terjadi pada akun Anda. Segera beri tahu kami jika Anda menduga ada orang lain yang telah menggunakannya.",
        ],
      },
      {
        heading: "3. Keanggotaan dan pembayaran",
        paragraphs: [
          "Paket berbayar dijual per bulan atau per tahun dengan harga yang ditampilkan saat pembayaran. Uji coba dan kupon mengikuti ketentuan yang menyertainya. Keanggotaan memberikan akses selama masa berlakunya dan tidak dapat dipindahtangankan.",
        ],
      },
      {
        heading: "4. Penggunaan yang diperbolehkan",
        paragraphs: [
          "Jangan menyalin data secara massal, menjualnya kembali, melakukan scraping terhadap layanan, berbagi akun, atau mencoba mengakali batas penggunaan maupun sistem keamanan. Kami dapat membatasi atau menutup akun yang melakukannya.",
        ],
      },
      {
        heading: "5. Ketersediaan dan perubahan",
        paragraphs: [
          "Kami berupaya menjaga layanan tetap tersedia, tetapi tidak menjamin layanan akan berjalan tanpa gangguan. Kami dapat mengubah fitur; jika ketentuan ini berubah dengan cara yang penting bagi Anda, kami akan memberi tahu Anda di aplikasi sebelum perubahan tersebut berlaku.",
        ],
      },
      {
        heading: "6. Tanggung jawab",
        paragraphs: [
          "Sejauh diizinkan oleh hukum, ShopRadar tidak bertanggung jawab atas kerugian tidak langsung atau atas keputusan yang diambil berdasarkan data. Tidak ada isi ketentuan ini yang membatasi hak yang Anda miliki sebagai konsumen menurut hukum negara Anda.",
        ],
      },
      {
        heading: "7. Kontak",
        paragraphs: ["Pertanyaan tentang ketentuan ini: gunakan formulir “Hubungi Kami” di bagian bawah Beranda."],
      },
    ],
  },
  privacy: {
    title: "Kebijakan privasi",
    summary:
      "Kebijakan ini menjelaskan data pribadi apa yang dikumpulkan ShopRadar, untuk apa, berapa lama kami menyimpannya, dan pilihan yang Anda miliki.",
    sections: [
      {
        heading: "1. Data yang kami kumpulkan",
        paragraphs: [
          "Data akun: nomor ponsel atau alamat email, nama panggilan, dan kata sandi Anda, yang hanya kami simpan dalam bentuk hash dengan salt.",
          "Data penggunaan: halaman yang Anda buka dan tindakan yang Anda lakukan di aplikasi, beserta ID perangkat, ID sesi, bahasa, serta jenis browser dan jaringan Anda. Kami menggunakannya untuk menyempurnakan aplikasi dan menghitung pemakaian paket.",
          "Yang Anda kirimkan kepada kami: pesan dari formulir “Hubungi Kami” dan jawaban atas kuesioner kami.",
        ],
      },
      {
        heading: "2. Mengapa kami menggunakannya",
        paragraphs: [
          "Untuk mengelola akun dan keanggotaan Anda, menjaga keamanan layanan, menerapkan batas paket Anda, membalas pesan Anda, dan memahami fitur mana yang paling membantu pengguna. Kami tidak menjual data pribadi.",
        ],
      },
      {
        heading: "3. Di perangkat Anda",
        paragraphs: [
          "Agar dapat bekerja secara offline, aplikasi menyimpan cookie ID perangkat selama satu tahun, token masuk Anda, riwayat pencarian (10 pencarian terakhir), favorit yang ditambahkan saat offline, draf kuesioner, dan salinan daftar yang Anda buka. Keluar dari akun akan menghapus salinan yang terkait dengan akun Anda.",
        ],
      },
      {
        heading: "4. Notifikasi",
        paragraphs: [
          "Notifikasi kampanye hanya dikirim jika Anda mengaktifkannya dari halaman “Saya”, dan Anda dapat menonaktifkannya di sana kapan saja.",
        ],
      },
      {
        heading: "5. Berapa lama kami menyimpannya",
        paragraphs: [
          "Data akun disimpan selama akun Anda ada; data penggunaan hingga 24 bulan; pesan kontak selama diperlukan untuk membalasnya.",
        ],
      },
      {
        heading: "6. Hak Anda",
        paragraphs: [
          "Anda dapat meminta untuk melihat, memperbaiki, atau menghapus data pribadi Anda, atau menolak penggunaannya, dengan menulis kepada kami melalui formulir “Hubungi Kami”. Kami akan menjawab dalam 30 hari.",
        ],
      },
    ],
  },
};

export default documents;
