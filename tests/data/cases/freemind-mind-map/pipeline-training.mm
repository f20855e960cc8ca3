<map version="1.0.1">
<node TEXT="大模型训练论文速读" ID="root">
<node TEXT="说明：组会前整理，每篇一个节点" ID="n1"/>
<node TEXT="一、并行训练" ID="n2">
<node TEXT="Megatron-LM: Training Multi-Billion Parameter Language Models Using Model Parallelism" ID="n3">
<node TEXT="作者：Mohammad Shoeybi, Mostofa Patwary, Raul Puri, Patrick LeGresley, Jared Casper, Bryan Catanzaro" ID="n4"/>
<node TEXT="单位：NVIDIA" ID="n5"/>
<node TEXT="链接：https://arxiv.org/abs/1909.08053" ID="n6"/>
<node TEXT="方法：在 Transformer 层内部切分矩阵乘，即层内模型并行，只需在 PyTorch 里插几个通信操作" ID="n7"/>
</node>
<node ID="n8">
<richcontent TYPE="NODE"><html><body><p>GPipe: Efficient Training of Giant Neural Networks using Pipeline Parallelism</p></body></html></richcontent>
<node TEXT="作者：Yanping Huang, Youlong Cheng, Ankur Bapna, Orhan Firat, Mia Xu Chen, Dehao Chen, HyoukJoong Lee, Jiquan Ngiam, Quoc V. Le, Yonghui Wu, Zhifeng Chen" ID="n9"/>
<node TEXT="单位：Google" ID="n10"/>
<node TEXT="链接：https://arxiv.org/abs/1811.06965" ID="n11"/>
<node TEXT="方法：把模型按层切成几段放到不同加速器上，再把 mini-batch 拆成 micro-batch 做流水线并行，反向时重算激活" ID="n12"/>
</node>
</node>
</node>
</map>
